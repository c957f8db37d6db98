import { createHmac } from 'node:crypto';
import { PROBE_TIMEOUT_MS } from './types';

/*
 * Azure Blob Storage over its REST API: the account a connection string names, and requests signed
 * with the account key (Shared Key) or carrying the string's shared access signature. The few calls
 * a connection test makes do not need Azure's client library, which would triple the function's size.
 */

/** The REST version every request asks for (Azure answers in the shape of that version). */
export const AZURE_BLOB_VERSION = '2025-01-05';

/** Azurite's development account, what `UseDevelopmentStorage=true` stands for (public, documented). */
const DEVELOPMENT_STORAGE =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
  'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
  'BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;';

export type AzureAccount = { blobEndpoint: string; accountName: string } & (
  { key: Buffer; sas?: undefined } | { sas: string; key?: undefined }
);

const invalid = (what: string) =>
  Object.assign(new Error(`The connection string has no valid ${what}.`), { code: 'EBADCONNECTIONSTRING' });

/** The `Name=value;` pairs of a connection string; names are matched without regard to case. */
const fieldsOf = (connectionString: string) => {
  const fields = new Map<string, string>();
  for (const part of connectionString.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return fields;
};

/** An IP or localhost endpoint (Azurite) names the account in its path, a real one in its host. */
const accountNameOf = (endpoint: URL) =>
  /^(\d+\.\d+\.\d+\.\d+|localhost|\[[0-9a-f:]+\])$/i.test(endpoint.hostname)
    ? (endpoint.pathname.split('/')[1] ?? '')
    : endpoint.hostname.split('.')[0]!;

/**
 * The account and endpoint of an account-key connection string (as the portal shows it) or of a
 * shared-access-signature one (`BlobEndpoint=…;SharedAccessSignature=…`).
 */
export const parseAzureConnectionString = (connectionString: string): AzureAccount => {
  const fields = fieldsOf(
    /UseDevelopmentStorage=true/i.test(connectionString) ? DEVELOPMENT_STORAGE : connectionString,
  );
  const accountKey = fields.get('accountkey');
  const sas = fields.get('sharedaccesssignature');
  let endpoint = fields.get('blobendpoint');
  if (!endpoint) {
    const protocol = (fields.get('defaultendpointsprotocol') ?? 'https').toLowerCase();
    if (protocol !== 'https' && protocol !== 'http')
      throw invalid('DefaultEndpointsProtocol (http or https)');
    const account = fields.get('accountname');
    if (!account) throw invalid('AccountName or BlobEndpoint');
    endpoint = `${protocol}://${account}.blob.${fields.get('endpointsuffix') ?? 'core.windows.net'}`;
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('BlobEndpoint');
  }
  const blobEndpoint = url.href.replace(/\/+$/, '');
  const accountName = fields.get('accountname') ?? accountNameOf(url);
  if (!accountName) throw invalid('AccountName');
  if (accountKey) {
    const key = Buffer.from(accountKey, 'base64');
    if (!key.length) throw invalid('AccountKey');
    return { blobEndpoint, accountName, key };
  }
  if (sas) return { blobEndpoint, accountName, sas: sas.replace(/^\?/, '') };
  throw invalid('AccountKey or SharedAccessSignature');
};

export interface BlobRequest {
  method: 'GET' | 'PUT' | 'DELETE' | 'HEAD';
  url: URL;
  /** Every header sent, names in lower case; the x-ms- ones are signed. */
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** Headers Shared Key signs by position, in this order (the REST reference's list). */
const POSITIONAL = [
  'content-encoding',
  'content-language',
  'content-length',
  'content-md5',
  'content-type',
  'date',
  'if-modified-since',
  'if-match',
  'if-none-match',
  'if-unmodified-since',
  'range',
] as const;

/** What Shared Key signs for a request (REST version 2015-02-21 and later). */
export const sharedKeyStringToSign = (accountName: string, req: BlobRequest): string => {
  const header = (name: (typeof POSITIONAL)[number]) => {
    const value = name === 'content-length' ? String(req.body?.byteLength ?? 0) : req.headers[name];
    return !value || (name === 'content-length' && value === '0') ? '' : value;
  };
  const msHeaders = Object.entries(req.headers)
    .filter(([name]) => name.startsWith('x-ms-'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value.trim()}\n`)
    .join('');
  const query = [...new Set(req.url.searchParams.keys())]
    .map((name) => name.toLowerCase())
    .sort()
    .map(
      (name) =>
        `\n${name}:${[...req.url.searchParams]
          .filter(([n]) => n.toLowerCase() === name)
          .map(([, v]) => v)
          .sort()
          .join(',')}`,
    )
    .join('');
  return [
    req.method,
    ...POSITIONAL.map(header),
    `${msHeaders}/${accountName}${req.url.pathname || '/'}${query}`,
  ].join('\n');
};

export const sharedKeyAuthorization = (accountName: string, key: Buffer, req: BlobRequest) =>
  `SharedKey ${accountName}:${createHmac('sha256', key).update(sharedKeyStringToSign(accountName, req), 'utf8').digest('base64')}`;

/**
 * What Azure answered with an error status: its error code (`x-ms-error-code`) and message. Named as
 * Azure's own client names it, which the connection errors (domain/settings/connections/errors.ts) explain.
 */
export class AzureRestError extends Error {
  override name = 'RestError';
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const xmlField = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1]?.trim() || undefined;

/** Builds, authorizes and sends one request; resolves with the response when Azure accepts it. */
export const sendBlobRequest = async (
  account: AzureAccount,
  method: BlobRequest['method'],
  path: string,
  options: { query?: Record<string, string>; headers?: Record<string, string>; body?: Uint8Array } = {},
  fetchImpl: typeof fetch = fetch,
): Promise<Response> => {
  const url = new URL(`${account.blobEndpoint}/${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  if (account.sas)
    for (const [name, value] of new URLSearchParams(account.sas)) url.searchParams.append(name, value);
  const req: BlobRequest = {
    method,
    url,
    headers: {
      ...options.headers,
      'x-ms-date': new Date().toUTCString(),
      'x-ms-version': AZURE_BLOB_VERSION,
    },
    ...(options.body ? { body: options.body } : {}),
  };
  if (account.key) req.headers.authorization = sharedKeyAuthorization(account.accountName, account.key, req);
  const res = await fetchImpl(url, {
    method,
    headers: req.headers,
    ...(req.body ? { body: req.body } : {}),
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (res.ok) return res;
  const xml = method === 'HEAD' ? '' : await res.text().catch(() => '');
  const code = res.headers.get('x-ms-error-code') ?? xmlField(xml, 'Code');
  const message =
    xmlField(xml, 'Message') ?? `Azure Blob Storage answered ${res.status}${code ? ` (${code})` : ''}.`;
  throw new AzureRestError(message, res.status, code);
};
