import { randomUUID } from 'node:crypto';
import { gdriveClientOf } from '@proofmark/shared/contract/profile';
import { PROBE_TIMEOUT_MS, type ProbeObject, type StorageTarget } from './types';

/*
 * Google Drive over its v3 REST API with the two files Google's quickstart produces: the OAuth
 * client (credentials.json) and the user's token (token.json). Google's client libraries would
 * add ~400 kB to the function for one upload and one delete.
 */

type GdriveTarget = Extract<StorageTarget, { kind: 'gdrive' }>;

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DRIVE_API = 'https://www.googleapis.com';
/** A stored token this close to its expiry is refreshed first (as Google's client library does). */
const EARLY_REFRESH_MS = 5 * 60_000;

interface StoredToken {
  access_token?: string;
  refresh_token?: string;
  expiry_date?: number;
}

/** An HTTP error from Google: its status and the JSON it answered, as the connection errors read it. */
const googleError = async (res: Response, what: string) => {
  const text = await res.text().catch(() => '');
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  const body = data as { error?: unknown; error_description?: unknown } | undefined;
  const detail =
    typeof body?.error === 'string'
      ? `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}`
      : typeof (body?.error as { message?: unknown } | undefined)?.message === 'string'
        ? (body!.error as { message: string }).message
        : `HTTP ${res.status}`;
  return Object.assign(new Error(`${what}: ${detail}`), {
    status: res.status,
    response: { status: res.status, data },
  });
};

/**
 * An access token for Drive, and how to get a fresh one: the stored one while it is valid, else one
 * from Google's token endpoint with the refresh token and the client's id and secret.
 */
const driveAuth = (t: GdriveTarget, fetchImpl: typeof fetch) => {
  const client = gdriveClientOf(t.credential);
  if (!client)
    throw Object.assign(new Error('The Google Drive credential is not an OAuth client file.'), {
      code: 'EBADCREDENTIAL',
    });
  const stored = JSON.parse(t.token) as StoredToken;
  let access = stored.access_token;
  let refreshed = false;

  const refresh = async () => {
    if (!stored.refresh_token)
      throw new Error('The Google Drive token has neither an access token nor a refresh token.');
    const res = await fetchImpl(GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: stored.refresh_token,
        client_id: client.client_id,
        client_secret: client.client_secret,
      }).toString(),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!res.ok) throw await googleError(res, 'Google refused to refresh the token');
    const answer = (await res.json()) as { access_token?: unknown };
    if (typeof answer.access_token !== 'string')
      throw new Error('Google’s token endpoint answered without an access token.');
    refreshed = true;
    return (access = answer.access_token);
  };

  const expiring =
    typeof stored.expiry_date === 'number' && stored.expiry_date <= Date.now() + EARLY_REFRESH_MS;
  return {
    token: async () => (!access || (expiring && stored.refresh_token && !refreshed) ? refresh() : access),
    /** After a 401 or 403, a fresh token may help once — when there is a refresh token to get it. */
    mayRetry: () => Boolean(stored.refresh_token) && !refreshed,
    refresh,
  };
};

/** Sends one Drive request with the access token; on an auth refusal refreshes once and retries. */
const driveRequest = async (
  auth: ReturnType<typeof driveAuth>,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> => {
  const send = (token: string) =>
    fetchImpl(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  let res = await send(await auth.token());
  if ((res.status === 401 || res.status === 403) && auth.mayRetry()) res = await send(await auth.refresh());
  if (!res.ok) throw await googleError(res, what);
  return res;
};

/** A multipart/related upload body: the file's metadata as JSON, then its content. */
export const multipartUpload = (metadata: Record<string, unknown>, contentType: string, content: string) => {
  const boundary = `proofmark-${randomUUID()}`;
  const body = [
    `--${boundary}`,
    'content-type: application/json; charset=UTF-8',
    '',
    JSON.stringify(metadata),
    `--${boundary}`,
    `content-type: ${contentType}`,
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { contentType: `multipart/related; boundary=${boundary}`, body };
};

/**
 * Creates one small file in the Drive's root and deletes it again. `fetchImpl` lets a unit test see
 * the requests it would send (Google cannot be reached from the test machine).
 */
export const probeGdrive = async (t: GdriveTarget, probe: ProbeObject, fetchImpl: typeof fetch = fetch) => {
  const auth = driveAuth(t, fetchImpl);
  const upload = multipartUpload(
    { name: probe.name, mimeType: probe.contentType },
    probe.contentType,
    probe.body,
  );
  const created = await driveRequest(
    auth,
    fetchImpl,
    `${DRIVE_API}/upload/drive/v3/files?uploadType=multipart&fields=id`,
    { method: 'POST', headers: { 'content-type': upload.contentType }, body: upload.body },
    'Google Drive refused the test file',
  );
  const fileId = ((await created.json()) as { id?: unknown }).id;
  if (typeof fileId !== 'string' || !fileId)
    throw new Error('Google Drive did not return the id of the test file.');
  await driveRequest(
    auth,
    fetchImpl,
    `${DRIVE_API}/drive/v3/files/${encodeURIComponent(fileId)}`,
    { method: 'DELETE' },
    'Google Drive refused to delete the test file',
  );
};
