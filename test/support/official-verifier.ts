// Runs the official Blockcerts verifier (@blockcerts/cert-verifier-js) in Node, fully offline:
// anchoring transactions are read from a local Ethereum JSON-RPC node standing in for Sepolia,
// issuer documents from servers on 127.0.0.1. Any other request is refused and fails the call.
import net from 'node:net';
import tls from 'node:tls';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import type * as CertVerifierJs from '@blockcerts/cert-verifier-js';

// The package's "main" is a browser-oriented build; its Node build (CommonJS, uses Node's crypto
// and the global fetch) is only named in a non-standard "node" field, and there is no "exports"
// map, so it is loaded by path. The types of the package root describe it.
const { Certificate, VERIFICATION_STATUSES } = createRequire(import.meta.url)(
  '@blockcerts/cert-verifier-js/dist/verifier-node/index.js',
) as typeof CertVerifierJs;

export interface OfficialVerifierOptions {
  /** JSON-RPC endpoint of the local chain (http://127.0.0.1:port) holding the anchoring transactions. */
  rpcUrl: string;
  /** Serves issuer documents (profile, revocation list, status list) instead of the local http server.
   * Gets the http:// URL as published; `undefined` means 404. */
  fetchDocument?: (url: string) => Promise<unknown>;
  /** Public JSON-LD contexts the verifier does not bundle (the OB 3.0 context of a badge), answered
   * from these copies instead of the network: exact URL → document. */
  contexts?: ReadonlyMap<string, unknown>;
}

export interface OfficialVerificationStep {
  code: string;
  status: string;
  message?: string;
}

export interface OfficialVerificationResult {
  /** 'verified', or the verifier's own final status (normally 'failure'). */
  status: 'verified' | 'failure' | (string & {});
  /** Code of the first step that failed, e.g. 'compareHashes', 'checkRevokedStatus'; 'init' when
   * the verifier could not even load the certificate (invalid format, issuer profile unreachable). */
  failedStep?: string;
  message?: string;
  /** Every step the verifier ran, in order ('success' or 'failure'; it stops at the first failure). */
  steps: OfficialVerificationStep[];
  /** What the verifier printed (it logs every request and error); kept out of the test output. */
  log: string[];
}

// The explorer entry cert-verifier-js accepts (ExplorerAPI of @blockcerts/explorer-lookup, whose
// typings cannot be resolved through that package's "exports" map) and what a lookup returns.
interface TransactionData {
  remoteHash: string;
  issuingAddress: string;
  time: Date;
  revokedAddresses: string[];
}
interface ExplorerAPI {
  serviceURL: string;
  serviceName?: 'etherscan' | 'blockcypher';
  priority: -1 | 0 | 1;
  apiType?: 'rpc';
  chainType?: 'eth';
  parsingFunction?: (args: { transactionId?: string }) => Promise<TransactionData>;
}

/** The custom lookup: the same facts the verifier reads from Etherscan, read from our node. */
function rpcExplorer(rpcUrl: string): ExplorerAPI {
  let id = 0;
  const call = async (method: string, params: unknown[]): Promise<Record<string, string> | null> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as {
      result?: Record<string, string> | null;
      error?: { message?: string };
    };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
    return body.result ?? null;
  };
  return {
    serviceURL: rpcUrl,
    priority: 0, // before the built-in explorers (answered by etherscanFromNode)
    apiType: 'rpc',
    chainType: 'eth',
    // Called with the transaction id as written in the anchor (cert-issuer and we write 0x…).
    parsingFunction: async ({ transactionId }): Promise<TransactionData> => {
      const tx = await call('eth_getTransactionByHash', [`0x${String(transactionId).replace(/^0x/i, '')}`]);
      // Throwing (not returning an empty answer) is how a lookup says "no such transaction".
      if (!tx || !tx.blockNumber) throw new Error(`transaction ${transactionId} not found or not mined`);
      const block = await call('eth_getBlockByNumber', [tx.blockNumber, false]);
      return {
        remoteHash: String(tx.input).replace(/^0x/i, ''),
        issuingAddress: String(tx.from),
        time: new Date(Number(BigInt(block!.timestamp!)) * 1000),
        revokedAddresses: [],
      };
    },
  };
}

// Globals are patched for the duration of one verification, so calls must not overlap.
let queue: Promise<unknown> = Promise.resolve();

export function verifyWithBlockcerts(
  certificate: object,
  opts: OfficialVerifierOptions,
): Promise<OfficialVerificationResult> {
  const run = queue.then(() => verifyOffline(certificate, opts));
  queue = run.catch(() => undefined);
  return run;
}

async function verifyOffline(
  certificate: object,
  opts: OfficialVerifierOptions,
): Promise<OfficialVerificationResult> {
  if (!isLoopback(new URL(opts.rpcUrl).hostname))
    throw new Error(`rpcUrl must be on 127.0.0.1: ${opts.rpcUrl}`);
  const blocked: string[] = [];
  const log: string[] = [];
  const restore = installGlobals(opts, blocked, log);
  let final: CertVerifierJs.IFinalVerificationStatus | undefined;
  let steps: OfficialVerificationStep[] = [];
  let initError: unknown;
  try {
    type Options = NonNullable<ConstructorParameters<typeof Certificate>[1]>;
    let cert: CertVerifierJs.Certificate | undefined;
    try {
      cert = new Certificate(structuredClone(certificate) as ConstructorParameters<typeof Certificate>[0], {
        locale: 'en',
        explorerAPIs: [rpcExplorer(opts.rpcUrl)] as Options['explorerAPIs'],
      });
      await cert.init();
    } catch (e) {
      initError = e;
    }
    if (cert && !initError) {
      final = await cert.verify();
      // What verify() itself decides from. The step callback misses some steps: the identity
      // steps (compareIssuingAddress…) of a key in a hosted profile are run but never announced.
      steps = (cert.verifier as unknown as { _stepsStatuses: OfficialVerificationStep[] })._stepsStatuses;
    }
  } finally {
    restore();
  }
  // The verifier swallows failed requests (an unreachable revocation list even counts as "not
  // revoked"), so an attempt to leave the machine must fail the test here instead.
  if (blocked.length > 0)
    throw new Error(`the official verifier tried to reach the network: ${blocked.join(', ')}`);

  if (initError) {
    // init() parses the certificate and fetches the issuer profile; it throws a plain Error
    // (format invalid, profile unreachable…) instead of reporting a step.
    const message = initError instanceof Error ? initError.message : String(initError);
    return {
      status: VERIFICATION_STATUSES.FAILURE,
      failedStep: 'init',
      message,
      steps: [{ code: 'init', status: VERIFICATION_STATUSES.FAILURE, message }],
      log,
    };
  }
  const failed = steps.find((s) => s.status === VERIFICATION_STATUSES.FAILURE);
  return {
    status: final!.status === VERIFICATION_STATUSES.SUCCESS ? 'verified' : final!.status,
    ...(failed ? { failedStep: failed.code } : {}),
    ...(typeof final!.message === 'string' ? { message: final!.message } : {}),
    steps: steps.map(({ code, status, message }) => ({ code, status, ...(message ? { message } : {}) })),
    log,
  };
}

/** Etherscan's "proxy" module is JSON-RPC in a GET: eth_getTransactionByHash, eth_getBlockByNumber, eth_blockNumber. */
function etherscanFromNode(url: URL, rpcUrl: string, realFetch: typeof fetch): Promise<Response> {
  const q = url.searchParams;
  const method = q.get('action') ?? '';
  const params = {
    eth_getTransactionByHash: [q.get('txhash')],
    eth_getBlockByNumber: [q.get('tag'), q.get('boolean') === 'true'],
    eth_blockNumber: [],
  }[method];
  if (q.get('module') !== 'proxy' || !params)
    return Promise.resolve(new Response(`not emulated: ${method}`, { status: 400 }));
  return realFetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

const isLoopback = (hostname: string) => hostname === '127.0.0.1';

/**
 * Silences the verifier's console into `log`; replaces global fetch, which the verifier's Node
 * build uses for documents, explorers and JSON-LD contexts it does not bundle; and, as a backstop
 * for anything opening sockets itself (the build also bundles undici and requires Node's https),
 * guards net/tls connect. Returns the function that restores them all.
 */
function installGlobals(opts: OfficialVerifierOptions, blocked: string[], log: string[]): () => void {
  const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const realConsole = consoleMethods.map((m) => console[m]);
  for (const m of consoleMethods)
    console[m] = (...args: unknown[]) => void log.push(`${m}: ${format(...args)}`);
  const realFetch = globalThis.fetch;
  const { connect: netConnect, createConnection } = net;
  const tlsConnect = tls.connect;

  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // The built-in explorers: tried after our lookup fails, and the only ones used to verify a
    // status list credential (cert-verifier-js verifies it as a new Certificate without our
    // explorerAPIs). The local chain stands in for Sepolia, so Etherscan's Sepolia API is
    // answered from it; Blockcypher, raced alongside, is refused locally.
    if (url.hostname === 'api.etherscan.io' && url.searchParams.get('chainid') === '11155111')
      return etherscanFromNode(url, opts.rpcUrl, realFetch);
    if (url.hostname === 'api.blockcypher.com') return new Response('not available offline', { status: 503 });
    const context = opts.contexts?.get(url.href);
    if (context !== undefined) return Response.json(context);
    if (!isLoopback(url.hostname)) {
      blocked.push(url.href);
      throw new Error(`blocked: ${url.href} is not on 127.0.0.1`);
    }
    // The verifier upgrades every http:// URL to https://; our local servers speak http.
    url.protocol = 'http:';
    if (opts.fetchDocument && (init?.method ?? 'GET').toUpperCase() === 'GET') {
      const document = await opts.fetchDocument(url.href);
      return document === undefined ? new Response('not found', { status: 404 }) : Response.json(document);
    }
    return realFetch(url, init);
  };

  type Connect = (...args: unknown[]) => unknown;
  const guard = (connect: Connect) =>
    function (this: unknown, ...args: unknown[]) {
      // connect(options) or connect(port, host?, …); no host means localhost, which is refused too.
      const [first, second] = args;
      const options =
        typeof first === 'object' && first !== null ? (first as { host?: string; port?: number }) : undefined;
      const host = options ? options.host : typeof second === 'string' ? second : undefined;
      if (!isLoopback(host ?? 'localhost')) {
        blocked.push(`${host}:${options ? options.port : first}`);
        throw new Error(`blocked: connection to ${host} is not on 127.0.0.1`);
      }
      return connect.apply(this, args);
    };
  net.connect = guard(netConnect as Connect) as typeof net.connect;
  net.createConnection = guard(createConnection as Connect) as typeof net.createConnection;
  tls.connect = guard(tlsConnect as Connect) as typeof tls.connect;

  return () => {
    consoleMethods.forEach((m, i) => (console[m] = realConsole[i]!));
    globalThis.fetch = realFetch;
    net.connect = netConnect;
    net.createConnection = createConnection;
    tls.connect = tlsConnect;
  };
}
