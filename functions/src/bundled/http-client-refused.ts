/*
 * Stands in for `@digitalbazaar/http-client` inside the Lambda bundles (infra/bundling.ts aliases it).
 * jsonld requires that client for its default Node document loader, which fetches JSON-LD contexts
 * over HTTP — and brings undici (~425 kB) into every bundle that canonicalizes. We never use it: every
 * canonicalization passes the offline document loader (shared/src/blockcerts/document-loader.ts),
 * and a certificate must never depend on a context fetched at run time. If something ever does reach
 * the network loader, it fails loudly here instead of fetching.
 */
const refuse = (url: unknown): never => {
  throw new Error(
    `JSON-LD context ${String(url)} would be fetched over HTTP; Proofmark resolves contexts offline only ` +
      '(pass the offline document loader).',
  );
};

export const httpClient = {
  get: refuse,
  post: refuse,
  put: refuse,
  delete: refuse,
  head: refuse,
  patch: refuse,
};

export default { httpClient };
