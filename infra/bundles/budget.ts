import type { BuiltBundle } from './build';
import { packagesIn } from './build';

/*
 * The bundle budget (issue 11), read by the bundle test (which fails past it) and the bench (which
 * prints it): every HTTP group under 1 MB minified, and the functions anyone reaches without a token
 * first — the health check and the public group — without chain libraries.
 */

/** 1 MB, as decimal bytes of the minified index.mjs. */
export const HTTP_BUDGET_BYTES = 1_000_000;

export const CHAIN_LIBRARIES = ['ethers', '@scure/btc-signer', 'jsonld', 'bitcoinjs-lib', 'tiny-secp256k1'];

/** Functions that must carry no chain library. */
export const CHAIN_FREE = ['http/health', 'http/public'];

export const chainLibrariesIn = (b: Pick<BuiltBundle, 'metafile'>): string[] => {
  const packages = packagesIn(b.metafile);
  return CHAIN_LIBRARIES.filter((lib) => packages.has(lib));
};

/** What breaks the budget in a bundle, as sentences; empty when it keeps it. */
export const budgetProblems = (b: Pick<BuiltBundle, 'name' | 'kind' | 'bytes' | 'metafile'>): string[] => [
  ...(b.kind === 'http' && b.bytes >= HTTP_BUDGET_BYTES
    ? [`${b.name} is ${(b.bytes / 1e6).toFixed(3)} MB, over the ${HTTP_BUDGET_BYTES / 1e6} MB budget`]
    : []),
  ...(CHAIN_FREE.includes(b.name) && chainLibrariesIn(b).length
    ? [`${b.name} carries ${chainLibrariesIn(b).join(', ')}`]
    : []),
];
