import * as z from 'zod';
import { anyone, defineRoutes } from './define';

/**
 * What callers without an account send. The Blockcerts Wallet's introduction (below), and the
 * public verifier page's two calls:
 * - POST /api/public/chain/{network}: a read-only JSON-RPC relay to the deployment's chain, because
 *   a browser cannot reach the chain's RPC (or Esplora API) directly in AWS. Answers the JSON-RPC
 *   response object in `Data`.
 * - POST /api/public/verifications: the record of one verification, for the dashboard's
 *   verification requests. Answers 202 whether or not the organisation is known (and the record
 *   kept), so the endpoint tells nobody which organisations or credentials exist.
 */

export { chainRelayNetwork, chainRelayPath } from '../chain-relay';

/** The relay's path parameter: lower-case chain and network, nothing that could be a path. */
export const chainRelayNetworkParam = z
  .string()
  .regex(/^(eth|btc|mtc)-[a-z0-9]{1,30}$/, { error: 'Unknown network.' });

/** Bodies above this are refused before parsing: every allowed call is a few hundred bytes. */
export const MAX_CHAIN_RELAY_BODY = 2048;

const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'Not a transaction hash.' });
const blockTag = z
  .string()
  .regex(/^(0x[0-9a-fA-F]{1,16}|latest|earliest|safe|finalized)$/, { error: 'Not a block number.' });
const rpcId = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().max(64)]);

/**
 * The only calls relayed: what reading an anchoring transaction needs. Anything that writes, signs,
 * scans logs or returns large results (full blocks) is refused.
 */
export const evmRelayMethods = [
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_chainId',
] as const;
/** Bitcoin: one pseudo-method standing for Esplora's GET /tx/:txid. */
export const bitcoinRelayMethods = ['esplora_getTransaction'] as const;
export const relayMethods = [...evmRelayMethods, ...bitcoinRelayMethods] as const;
export type RelayMethod = (typeof relayMethods)[number];

const call = <M extends RelayMethod, P extends z.ZodTypeAny>(method: M, params: P) =>
  z.strictObject({ jsonrpc: z.literal('2.0'), id: rpcId, method: z.literal(method), params });

export const chainRelayRequest = z.discriminatedUnion('method', [
  call('eth_getTransactionByHash', z.tuple([txHash])),
  call('eth_getTransactionReceipt', z.tuple([txHash])),
  call('eth_blockNumber', z.tuple([])),
  // Only headers (`false`): full transaction lists can be megabytes.
  call('eth_getBlockByNumber', z.tuple([blockTag, z.literal(false)])),
  call('eth_chainId', z.tuple([])),
  call(
    'esplora_getTransaction',
    z.tuple([z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'Not a transaction id.' })]),
  ),
]);
export type ChainRelayRequest = z.infer<typeof chainRelayRequest>;

export const chainRelayResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcId,
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});
export type ChainRelayResponse = z.infer<typeof chainRelayResponse>;

/** The page's verdicts: the shared verifier's statuses. */
export const verificationVerdicts = [
  'verified',
  'revoked',
  'suspended',
  'expired',
  'tampered',
  'failed',
  'could-not-check',
] as const;
export type VerificationVerdict = (typeof verificationVerdicts)[number];

/** How the certificate reached the page. */
export const verificationMethods = ['upload', 'url', 'id'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

export const verifierSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: 'Unknown verifier.' });

export const recordVerificationRequest = z.strictObject({
  /** The verifier page's organisation, when the page was opened at /verify/<slug>. */
  slug: verifierSlug.optional(),
  credentialId: z.string().trim().min(1).max(200),
  /** The credential's issuer (profile URL): names the organisation when the page is the generic one. */
  issuer: z.string().trim().max(500).optional(),
  verdict: z.enum(verificationVerdicts),
  method: z.enum(verificationMethods),
});
export type RecordVerificationRequest = z.infer<typeof recordVerificationRequest>;

/** What the Blockcerts Wallet posts to the introduction URL (STANDARDS.md). */
export const walletIntroduction = z.object({
  bitcoinAddress: z.string().trim().min(1).max(120),
  nonce: z.string().trim().min(1).max(200),
  email: z.string().optional(),
  name: z.string().optional(),
});

/** /api/public: what callers without an account use (the Blockcerts Wallet, the verifier page). */
export const publicRoutes = defineRoutes({
  // The Blockcerts Wallet posts here with the one-time code; it has no account. It only needs a 200.
  'POST /api/public/issuers/{slug}/introduce': { access: anyone, body: walletIntroduction, data: z.null() },
  // The verifier page's chain lookups: Data is the JSON-RPC answer. The body is checked by the
  // relay itself (size first, then only the allowed read-only methods, each with its own message).
  'POST /api/public/chain/{network}': {
    access: anyone,
    params: z.object({ network: chainRelayNetworkParam }),
    body: chainRelayRequest,
    rawBody: true,
    data: chainRelayResponse,
  },
  // 202 whether or not the organisation exists (the record may be dropped): the endpoint reveals nothing.
  'POST /api/public/verifications': {
    access: anyone,
    body: recordVerificationRequest,
    maxBodyLength: 2048,
    data: z.null(),
  },
});
