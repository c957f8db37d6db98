import { randomUUID } from 'node:crypto';
import {
  bitcoinRelayMethods,
  chainRelayRequest,
  evmRelayMethods,
  MAX_CHAIN_RELAY_BODY,
  relayMethods,
  type ChainRelayRequest,
  type ChainRelayResponse,
  type RecordVerificationRequest,
} from '@proofmark/shared/contract/public';
// Submodules, not the engine's index: the relay must not load the canonicalizer (jsonld).
import { parseAnchor } from '@proofmark/shared/blockcerts/anchor';
import { decodeProofValue } from '@proofmark/shared/blockcerts/proof-value';
import { AppError, badRequest, notFound } from '@proofmark/shared/errors';
import { getObjectText } from '../../adapters/blobs';
import { relayUpstreamFor } from '../../adapters/chain/deployment-networks';
import { publicKeys, publicUrl } from '../public-urls';
import { verifications } from '../../store/verifications';
import { counterItems, writeCounted } from '../dashboard/counters';
import { issuedCredentials } from '../../store/issued-credentials';
import { put } from '../../store/transaction';
import { orgIdBySlug } from '../accounts/users';

/** How long the relay waits for the chain before the verifier reports "could not check". */
const UPSTREAM_TIMEOUT_MS = 8000;
/** A transaction, receipt or block header is a few KB; anything far larger is not what we asked for. */
const MAX_UPSTREAM_BYTES = 512 * 1024;

const unreachable = (cause?: unknown) =>
  new AppError('unavailable', 'The blockchain could not be reached.', { cause });

/**
 * Checks a relay body: size first (before parsing anything), then the method against the allow
 * list (a clear refusal), then the full shape.
 */
export const parseChainRelayBody = (raw: string): ChainRelayRequest => {
  if (new TextEncoder().encode(raw).length > MAX_CHAIN_RELAY_BODY)
    throw new AppError('payload_too_large', 'The request is too large.');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  const method = (body as { method?: unknown } | null)?.method;
  if (typeof method !== 'string' || !(relayMethods as readonly string[]).includes(method))
    throw badRequest('Only read-only lookups of anchoring transactions are relayed.');
  const parsed = chainRelayRequest.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(details[0]?.message ?? 'Invalid request.', details);
  }
  return parsed.data;
};

const readCapped = async (res: Response): Promise<string> => {
  const text = await res.text();
  if (text.length > MAX_UPSTREAM_BYTES) throw unreachable(new Error('upstream answer too large'));
  return text;
};

/**
 * A read-only JSON-RPC relay for the public verifier page (the browser cannot reach the chain in
 * AWS). Only the calls of `chainRelayRequest` pass; the answer is rebuilt from `result` / `error`
 * so nothing else the node says is passed on.
 */
export const relayChainCall = async (
  network: string,
  call: ChainRelayRequest,
): Promise<ChainRelayResponse> => {
  // The chains this deployment reads; anchors of any other network are not relayed (the verifier
  // page then says it could not check them).
  const upstream = relayUpstreamFor(network);
  if (!upstream) throw notFound(`This verifier cannot read the ${network} network.`);
  const isEvmCall = (evmRelayMethods as readonly string[]).includes(call.method);
  const isBitcoinCall = (bitcoinRelayMethods as readonly string[]).includes(call.method);
  if ((upstream.kind === 'evm' && !isEvmCall) || (upstream.kind === 'esplora' && !isBitcoinCall))
    throw badRequest(`${call.method} is not a call of the ${network} network.`);

  if (upstream.kind === 'esplora') {
    let res: Response;
    try {
      res = await fetch(`${upstream.url}/tx/${call.params[0]}`, {
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (err) {
      throw unreachable(err);
    }
    // Esplora answers 404 (and 400 for a malformed id) for a transaction it does not know.
    if (res.status === 404 || res.status === 400) return { jsonrpc: '2.0', id: call.id, result: null };
    if (!res.ok) throw unreachable(new Error(`Esplora answered HTTP ${res.status}`));
    try {
      return { jsonrpc: '2.0', id: call.id, result: JSON.parse(await readCapped(res)) as unknown };
    } catch (err) {
      throw unreachable(err);
    }
  }

  let res: Response;
  try {
    res = await fetch(upstream.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (err) {
    throw unreachable(err);
  }
  if (!res.ok) throw unreachable(new Error(`the chain answered HTTP ${res.status}`));
  let answer: { result?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    answer = JSON.parse(await readCapped(res)) as typeof answer;
  } catch (err) {
    throw unreachable(err);
  }
  if (answer?.error !== undefined)
    return {
      jsonrpc: '2.0',
      id: call.id,
      error: {
        code: typeof answer.error.code === 'number' ? answer.error.code : -32000,
        message: typeof answer.error.message === 'string' ? answer.error.message.slice(0, 200) : 'error',
      },
    };
  return { jsonrpc: '2.0', id: call.id, result: answer?.result ?? null };
};

/** `<public base>/issuers/<slug>/profile.json` → slug; undefined for any other issuer. */
const slugOfIssuer = (issuer: string | undefined): string | undefined => {
  if (!issuer) return undefined;
  const prefix = publicUrl('issuers/');
  if (!issuer.startsWith(prefix)) return undefined;
  return /^([a-z0-9][a-z0-9-]{0,79})\/profile\.json$/.exec(issuer.slice(prefix.length))?.[1];
};

interface PublishedDetails {
  recipientName?: string;
  certificateName?: string;
  transactionId?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);

/**
 * What the verification-requests row shows (recipient, certificate, transaction), read from the
 * credential as the organisation published it — never from the caller, so nobody can write names
 * into an organisation's dashboard. Unknown credentials get no details.
 */
const publishedDetails = async (slug: string, credentialId: string): Promise<PublishedDetails> => {
  const uuid = /^urn:uuid:([0-9a-f-]{36})$/i.exec(credentialId)?.[1]?.toLowerCase();
  if (!uuid) return {};
  const json = await getObjectText('public', publicKeys.credential(slug, uuid));
  if (!json) return {};
  try {
    const c = JSON.parse(json) as {
      id?: unknown;
      name?: unknown;
      credentialSubject?: { name?: unknown; claim?: { name?: unknown }; achievement?: { name?: unknown } };
      proof?: unknown;
    };
    if (c.id !== credentialId) return {};
    const proofs = (Array.isArray(c.proof) ? c.proof : [c.proof]) as {
      proofValue?: unknown;
      cryptosuite?: unknown;
    }[];
    const merkle = proofs.find(
      (p) => typeof p?.proofValue === 'string' && p.cryptosuite !== 'eddsa-rdfc-2022',
    );
    let transactionId: string | undefined;
    try {
      const anchor = decodeProofValue(String(merkle?.proofValue)).anchors[0];
      transactionId = anchor ? parseAnchor(anchor).txId : undefined;
    } catch {
      transactionId = undefined;
    }
    const details: PublishedDetails = {
      recipientName: text(c.credentialSubject?.name),
      certificateName: text(
        c.credentialSubject?.claim?.name ?? c.credentialSubject?.achievement?.name ?? c.name,
      ),
      transactionId,
    };
    return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined));
  } catch {
    return {};
  }
};

/**
 * Records one verification made on a public verifier page and counts it for the dashboard. The
 * organisation is the credential's issuer when that is one of ours, otherwise the page's slug.
 * Returns false (and writes nothing) when neither names an organisation: the caller answers the
 * same either way.
 */
export const recordVerification = async (input: RecordVerificationRequest, now = new Date()) => {
  const slug = slugOfIssuer(input.issuer) ?? input.slug;
  if (!slug) return false;
  const orgId = await orgIdBySlug(slug);
  if (!orgId) return false;
  const at = now.toISOString();
  const [details, issued] = await Promise.all([
    publishedDetails(slug, input.credentialId),
    issuedCredentials().get({ orgId, credentialId: input.credentialId }).go(),
  ]);
  const cohortid = issued.data?.cohortid;
  // The record and its counts are one write: a verification is counted exactly when it is listed.
  await writeCounted([
    put(
      verifications()
        .put({
          orgId,
          verifiedAt: at,
          verificationId: randomUUID(),
          credentialId: input.credentialId,
          verdict: input.verdict,
          method: input.method,
          ...details,
        })
        .params(),
    ),
    ...counterItems(
      orgId,
      { stats: { verified: 1 }, ...(cohortid ? { cohorts: { [cohortid]: { verified: 1 } } } : {}) },
      now,
    ),
  ]);
  return true;
};
