import {
  createEsploraLookup,
  createEvmRpcLookup,
  verificationSession,
  parseAnchor,
  unbakePng,
  unbakeSvg,
  verifyCredential,
  type Anchor,
  type ChainResolver,
  type FetchLike,
  type StepResult,
  type VerificationResult,
  type VerificationStatus,
} from '@proofmark/shared/blockcerts/index';
import { chainRelayPath } from '@proofmark/shared/chain-relay';
// Types only: the verifier app carries none of the contract's schemas (its JavaScript budget).
import type { RecordVerificationRequest, VerificationMethod } from '@proofmark/shared/contract/public';

/**
 * The verifier page's work, kept apart from the screen: load a certificate (by id, link, file or
 * pasted text), run the shared verification in the browser with chain lookups relayed by our API,
 * and describe the result for display. It needs only the public documents, /config.json and the
 * API's two public verifier routes, so it runs as its own static app (web/verifier).
 */

export class LoadError extends Error {}

/** Limits of what the page accepts, so a wrong file cannot freeze the tab. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const isVerifierSlug = (slug: string | undefined): slug is string => !!slug && SLUG.test(slug);
export const isCredentialUuid = (id: string | null): id is string => !!id && UUID.test(id);

let config: Promise<{ publicBaseUrl: string }> | undefined;

/**
 * Where the public documents are: `publicBaseUrl` of /config.json (written at deployment in AWS,
 * served by the local gateway), else `/public` of this site (the local gateway's layout).
 */
export const runtimeConfig = () =>
  (config ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ publicBaseUrl?: unknown } | null>) : null))
    .catch(() => null)
    .then((c) => ({
      publicBaseUrl:
        typeof c?.publicBaseUrl === 'string' && /^https?:\/\//.test(c.publicBaseUrl)
          ? c.publicBaseUrl.replace(/\/+$/, '')
          : `${window.location.origin}/public`,
    })));

const documentFetch: FetchLike = (url, init) => fetch(url, init);

/** Our API wraps every answer in {Status, message, Data}: the JSON-RPC answer is Data. */
const relayFetch: FetchLike = async (url, init) => {
  const res = await fetch(url, init);
  return {
    ok: res.ok,
    status: res.status,
    json: async () => ((await res.json()) as { Data?: unknown }).Data,
  };
};

/**
 * Esplora's GET /tx/:txid through the relay's `esplora_getTransaction`. A relay that cannot read
 * the network answers as unavailable (503), never as "no such transaction" (404), so the verdict
 * is "could not check" rather than "not found".
 */
const esploraViaRelay =
  (relayUrl: string): FetchLike =>
  async (url) => {
    const txid = url.slice(url.lastIndexOf('/') + 1);
    const res = await fetch(relayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'esplora_getTransaction', params: [txid] }),
    });
    if (!res.ok) return { ok: false, status: 503, json: async () => null };
    const result = ((await res.json()) as { Data?: { result?: unknown } }).Data?.result;
    if (result === null || result === undefined) return { ok: false, status: 404, json: async () => null };
    return { ok: true, status: 200, json: async () => result };
  };

/** Every anchor is read through our relay; networks it cannot read end as "could not check". */
const relayedChains: ChainResolver = (anchor: Anchor) => {
  const relayUrl = chainRelayPath(anchor);
  if (anchor.chain === 'eth' || anchor.chain === 'mtc')
    return createEvmRpcLookup({ rpcUrl: relayUrl, fetch: relayFetch });
  if (anchor.chain === 'btc')
    return createEsploraLookup({ baseUrl: relayUrl, fetch: esploraViaRelay(relayUrl) });
  return undefined;
};

// One session for the page: checking several certificates of an issuer reads its profile and each
// anchoring transaction once (documents are read again after DOCUMENT_TTL_MS).
const session = verificationSession({ fetch: documentFetch, chains: relayedChains });

export const verify = (credential: unknown): Promise<VerificationResult> => verifyCredential(credential, session);

const parseJson = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LoadError(`${what} is not a certificate (it is not JSON).`);
  }
};

const fetchCredential = async (url: string, what: string): Promise<unknown> => {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json, application/ld+json' } });
  } catch {
    throw new LoadError(`${what} could not be fetched. The server may be unreachable or may not allow it.`);
  }
  if (res.status === 404 || res.status === 403) throw new LoadError(`${what} was not found.`);
  if (!res.ok) throw new LoadError(`${what} could not be fetched (HTTP ${res.status}).`);
  return parseJson(await res.text(), what);
};

/** The published certificate of an organisation, by the uuid in a verifier link. */
export const loadById = async (slug: string, uuid: string): Promise<unknown> => {
  const { publicBaseUrl } = await runtimeConfig();
  return fetchCredential(
    `${publicBaseUrl}/credentials/${encodeURIComponent(slug)}/${encodeURIComponent(uuid.toLowerCase())}.json`,
    'The certificate with this id',
  );
};

/** A verifier link (`…/verify/<slug>?id=<uuid>`) pasted as the certificate's address. */
export const verifierLinkTarget = (raw: string): { slug: string; uuid: string } | undefined => {
  try {
    const url = new URL(raw);
    const [, first, slug, ...rest] = url.pathname.split('/');
    const uuid = url.searchParams.get('id');
    if (first === 'verify' && rest.length === 0 && isVerifierSlug(slug) && isCredentialUuid(uuid))
      return { slug, uuid };
  } catch {
    return undefined;
  }
  return undefined;
};

export const loadByUrl = async (raw: string): Promise<unknown> => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LoadError('Please enter the full address of the certificate, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new LoadError('Please enter the full address of the certificate, starting with https://.');
  const link = verifierLinkTarget(url.href);
  if (link) return loadById(link.slug, link.uuid);
  const doc = await fetchCredential(url.href, 'The certificate at this address');
  return doc;
};

/** A certificate pasted as text (its JSON). */
export const loadText = async (text: string): Promise<unknown> => {
  if (text.length > MAX_FILE_BYTES) throw new LoadError('This text is too long to be a certificate.');
  return parseJson(text, 'The pasted text');
};

/** A JSON certificate, or an Open Badge baked into a PNG or SVG (its payload, or the URL it names). */
export const loadFile = async (file: File): Promise<unknown> => {
  if (file.size > MAX_FILE_BYTES) throw new LoadError('This file is too large to be a certificate.');
  const name = file.name.toLowerCase();
  let payload: string | undefined;
  if (file.type === 'image/png' || name.endsWith('.png')) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      payload = unbakePng(bytes, 'ob3') ?? unbakePng(bytes, 'ob2');
    } catch {
      throw new LoadError('This image cannot be read.');
    }
    if (!payload) throw new LoadError('This image carries no baked badge.');
  } else if (file.type === 'image/svg+xml' || name.endsWith('.svg')) {
    const svg = await file.text();
    payload = unbakeSvg(svg, 'ob3') ?? unbakeSvg(svg, 'ob2');
    if (!payload) throw new LoadError('This image carries no baked badge.');
  } else {
    return parseJson(await file.text(), 'This file');
  }
  // An OB 2.0 hosted badge bakes the address of its assertion rather than the assertion itself.
  if (/^https?:\/\//.test(payload.trim())) return fetchCredential(payload.trim(), 'The baked badge');
  return parseJson(payload, 'The baked badge');
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export interface CertificateFacts {
  recipient?: string;
  title?: string;
  description?: string;
  issued?: string;
  expires?: string;
}

/** What the certificate says about itself (shown as claimed; the steps say whether it holds). */
export const certificateFacts = (credential: unknown): CertificateFacts => {
  const c = record(credential) ?? {};
  const subject = record(c.credentialSubject) ?? {};
  const claim = record(subject.claim) ?? record(subject.achievement) ?? {};
  return {
    recipient: text(subject.name) ?? text(record(subject.recipient)?.name),
    title: text(claim.name) ?? text(c.name),
    description: text(claim.description) ?? text(c.description),
    issued: text(c.validFrom) ?? text(c.issuanceDate),
    expires: text(c.validUntil) ?? text(c.expirationDate),
  };
};

export interface IssuerFacts {
  url: string;
  name?: string;
  image?: string;
  homepage?: string;
  email?: string;
}

/** The issuer profile's name, logo and contact; only the URL when the profile cannot be read. */
export const issuerFacts = async (issuerUrl: string): Promise<IssuerFacts> => {
  try {
    const res = await fetch(issuerUrl, { headers: { accept: 'application/json, application/ld+json' } });
    if (!res.ok) return { url: issuerUrl };
    const p = record(await res.json()) ?? {};
    const image = text(p.image) ?? text(record(p.image)?.id);
    return {
      url: issuerUrl,
      name: text(p.name),
      image: image && /^(https?:|data:image\/)/.test(image) ? image : undefined,
      homepage: text(p.url),
      email: text(p.email),
    };
  } catch {
    return { url: issuerUrl };
  }
};

/** The issuer profile of an organisation's verifier page (its name and logo for the heading). */
export const organisationProfile = async (slug: string): Promise<IssuerFacts | undefined> => {
  const { publicBaseUrl } = await runtimeConfig();
  const facts = await issuerFacts(`${publicBaseUrl}/issuers/${encodeURIComponent(slug)}/profile.json`);
  return facts.name ? facts : undefined;
};

const CHAIN_NAMES: Record<string, string> = {
  eth: 'Ethereum',
  btc: 'Bitcoin',
  mtc: 'Polygon',
  mocknet: 'Mocknet',
};

export interface AnchorFacts {
  chain: string;
  network: string;
  txId: string;
}

export const anchorFacts = (anchor: string | undefined): AnchorFacts | undefined => {
  if (!anchor) return undefined;
  try {
    const a = parseAnchor(anchor);
    return { chain: CHAIN_NAMES[a.chain] ?? a.chain, network: a.network, txId: a.txId };
  } catch {
    return undefined;
  }
};

export interface VerdictView {
  title: string;
  description: string;
  tone: 'success' | 'error' | 'warning' | 'info';
}

export const verdicts: Record<VerificationStatus, VerdictView> = {
  verified: {
    title: 'Verified',
    description: 'This certificate is authentic: it was issued by the issuer below and has not been changed.',
    tone: 'success',
  },
  revoked: { title: 'Revoked', description: 'The issuer has revoked this certificate.', tone: 'error' },
  suspended: {
    title: 'Suspended',
    description: 'The issuer has put this certificate on hold. It is not valid while it is suspended.',
    tone: 'warning',
  },
  expired: {
    title: 'Expired',
    description: 'This certificate is outside its period of validity.',
    tone: 'warning',
  },
  tampered: {
    title: 'Tampered',
    description: 'This certificate has been changed since it was issued. Do not rely on it.',
    tone: 'error',
  },
  failed: { title: 'Not verified', description: 'This certificate could not be verified.', tone: 'error' },
  'could-not-check': {
    title: 'Could not check',
    description: 'Something the check needs could not be reached. Please try again later.',
    tone: 'info',
  },
};

/**
 * The reason line under the verdict, said once: a revoked or suspended certificate's headline
 * already says what happened, so only the reason the issuer gave is added; any other failure
 * names the failing step's reason. None for a verified certificate.
 */
export const headlineReason = (result: VerificationResult): string | undefined => {
  if (result.status === 'verified') return undefined;
  const reason =
    result.status === 'revoked' || result.status === 'suspended' ? result.issuerReason : result.reason;
  if (!reason) return undefined;
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
};

/**
 * The verdict as a registrar reads it: one sentence (or two) saying what the outcome means, with
 * the reason once: "The issuer has revoked this certificate. Reason: Issued in error."
 */
export const verdictSentence = (result: VerificationResult): string => {
  const reason = headlineReason(result);
  return reason
    ? `${verdicts[result.status].description} Reason: ${reason}`
    : verdicts[result.status].description;
};

/**
 * A step's line in the list: "Passed", "Failed — <why>", "Not checked — an earlier step failed".
 * The step the verdict already explains says only "Failed", so its reason is read once, up there.
 */
export const stepText = (result: VerificationResult, step: StepResult): string => {
  const reason = step.reason?.replace(/^not checked:\s*/i, '');
  if (step.status === 'passed') return reason ? `Passed — ${reason}` : 'Passed';
  if (step.status === 'skipped') return `Not checked — ${reason ?? 'an earlier step failed'}`;
  if (step.id === result.failedStep && headlineReason(result)) return 'Failed';
  return reason ? `Failed — ${reason}` : 'Failed';
};

/** Tells the organisation's dashboard about this verification; a failure never bothers the visitor. */
export const recordVerification = (
  result: VerificationResult,
  credential: unknown,
  method: VerificationMethod,
  slug: string | undefined,
) => {
  const credentialId = result.credentialId ?? text(record(credential)?.id);
  if (!credentialId || credentialId.length > 200) return;
  const body: RecordVerificationRequest = {
    ...(isVerifierSlug(slug) ? { slug } : {}),
    credentialId,
    ...(result.issuer && result.issuer.length <= 500 ? { issuer: result.issuer } : {}),
    verdict: result.status,
    method,
  };
  // keepalive: the visitor may close the page right after seeing the verdict. A plain fetch rather
  // than the typed API client, which would bring every route's schema into the verifier app.
  void fetch('/api/public/verifications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
};
