// Runs the Digital Credentials Consortium's verifier (@digitalcredentials/verifier-core, what
// VerifierPlus and the Learner Credential Wallet run) in Node with its own document loading: its
// security document loader, its status list check, its schema check. Only the network is replaced,
// for the length of one verification: requests to 127.0.0.1 (the local cloud's public bucket) go
// through, the public contexts and schemas given here answer their own URLs, anything else is
// refused as offline. No fragment lookup of ours: a `…#key` URL is fetched as any HTTP client does.
import { verifyCredential } from '@digitalcredentials/verifier-core';

export type DccResult = Awaited<ReturnType<typeof verifyCredential>>;

/** verifier-core reaches the network through the global fetch (its http client, its schema loader). */
const offline =
  (real: typeof fetch, documents: ReadonlyMap<string, unknown>): typeof fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === '127.0.0.1') return real(input, init);
    const document = documents.get(url.href);
    if (document === undefined) throw new TypeError(`offline: ${url.href}`);
    return new Response(JSON.stringify(document), {
      status: 200,
      headers: { 'content-type': 'application/ld+json' },
    });
  };

let running: Promise<unknown> = Promise.resolve();

/** One verification at a time: the global fetch is swapped for its length. */
export const verifyWithDcc = (credential: object, documents: ReadonlyMap<string, unknown>) => {
  const run = running.then(async () => {
    const real = globalThis.fetch;
    globalThis.fetch = offline(real, documents);
    try {
      return await verifyCredential({ credential: credential as never, knownDIDRegistries: [] });
    } finally {
      globalThis.fetch = real;
    }
  });
  running = run.catch(() => undefined);
  return run;
};

interface LogEntry {
  id: string;
  valid?: boolean;
  error?: { name?: string; message?: string };
}

/** The steps a wallet shows, by id ('valid_signature', 'revocation_status', …), and the fatal errors. */
export const dccSteps = (result: DccResult) => {
  const r = result as { log?: LogEntry[]; errors?: { name?: string; message?: string }[] };
  return {
    steps: Object.fromEntries((r.log ?? []).map((e) => [e.id, e])) as Record<string, LogEntry | undefined>,
    errors: r.errors ?? [],
  };
};
