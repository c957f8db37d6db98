import { describe, expect, it } from 'vitest';
import { probeGdrive } from './gdrive';

/** Google cannot be reached from here: these tests check the requests the adapter would send. */
const credential = JSON.stringify({
  installed: {
    client_id: 'client-123.apps.googleusercontent.com',
    client_secret: 'gdrive-client-secret',
    redirect_uris: ['http://localhost'],
  },
});

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const fakeGoogle = (
  answers: {
    token?: { status: number; body: Record<string, unknown> };
    create?: { status: number; body: unknown };
    /** Statuses the upload answers first, one per attempt, before the normal answer. */
    createFirst?: number[];
  } = {},
) => {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const raw = init?.body;
    let body = '';
    if (typeof raw === 'string') body = raw;
    else if (raw instanceof URLSearchParams) body = raw.toString();
    else if (raw) body = await new Response(raw as ConstructorParameters<typeof Response>[0]).text();
    seen.push({ method: init?.method ?? 'GET', url, headers, body });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('https://oauth2.googleapis.com/token'))
      return json(
        answers.token?.status ?? 200,
        answers.token?.body ?? { access_token: 'fresh-access-token', expires_in: 3600, token_type: 'Bearer' },
      );
    if (url.includes('/upload/drive/v3/files')) {
      const first = answers.createFirst?.shift();
      if (first) return json(first, { error: { code: first, message: 'Invalid Credentials' } });
      return json(answers.create?.status ?? 200, answers.create?.body ?? { id: 'file-42' });
    }
    if (url.includes('/drive/v3/files/file-42')) return new Response(null, { status: 204 });
    return json(404, { error: 'unexpected' });
  }) as typeof fetch;
  return { seen, fetchImpl };
};

const probe = { name: 'proofmark-test-1.txt', body: 'Proofmark test connection', contentType: 'text/plain' };

describe('the Google Drive test connection', () => {
  it('uploads a file with the stored access token, then deletes it', async () => {
    const { seen, fetchImpl } = fakeGoogle();
    const token = JSON.stringify({
      access_token: 'ya29.stored-access',
      refresh_token: '1//refresh',
      expiry_date: Date.now() + 3_600_000,
      token_type: 'Bearer',
    });
    await probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl);

    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /upload/drive/v3/files',
      'DELETE /drive/v3/files/file-42',
    ]);
    const [create, del] = seen;
    expect(new URL(create!.url).searchParams.get('uploadType')).toBe('multipart');
    expect(create!.headers.authorization).toBe('Bearer ya29.stored-access');
    expect(create!.body).toContain('"name":"proofmark-test-1.txt"');
    expect(create!.body).toContain('Proofmark test connection');
    expect(del!.headers.authorization).toBe('Bearer ya29.stored-access');
  });

  it('refreshes an expired token with the client id and secret first', async () => {
    const { seen, fetchImpl } = fakeGoogle();
    const token = JSON.stringify({
      access_token: 'old',
      refresh_token: '1//refresh-token',
      expiry_date: Date.now() - 1000,
    });
    await probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl);

    const refresh = seen[0]!;
    expect(refresh.method).toBe('POST');
    expect(refresh.url).toMatch(/^https:\/\/oauth2\.googleapis\.com\/token/);
    const form = new URLSearchParams(refresh.body);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('1//refresh-token');
    expect(form.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(form.get('client_secret')).toBe('gdrive-client-secret');
    expect(seen[1]!.headers.authorization).toBe('Bearer fresh-access-token');
  });

  it('fails with the HTTP status when Drive refuses', async () => {
    const { fetchImpl } = fakeGoogle({
      create: { status: 403, body: { error: { code: 403, message: 'insufficient scopes' } } },
    });
    const token = JSON.stringify({ access_token: 'a', expiry_date: Date.now() + 3_600_000 });
    await expect(probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('sends the metadata and the content as the two parts of a multipart/related body', async () => {
    const { seen, fetchImpl } = fakeGoogle();
    const token = JSON.stringify({ access_token: 'a', expiry_date: Date.now() + 3_600_000 });
    await probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl);
    const create = seen[0]!;
    expect(new URL(create.url).searchParams.get('fields')).toBe('id');
    const boundary = /^multipart\/related; boundary=(.+)$/.exec(create.headers['content-type']!)?.[1];
    expect(boundary).toBeTruthy();
    expect(create.body.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    const parts = create.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => p.replace(/^\r\n/, '').replace(/\r\n$/, '').split('\r\n\r\n'));
    expect(parts).toHaveLength(2);
    expect(parts[0]![0]).toMatch(/^content-type: application\/json/i);
    expect(JSON.parse(parts[0]![1]!)).toEqual({ name: 'proofmark-test-1.txt', mimeType: 'text/plain' });
    expect(parts[1]).toEqual(['content-type: text/plain', 'Proofmark test connection']);
  });

  it('refreshes once and retries when Drive refuses the stored access token', async () => {
    const { seen, fetchImpl } = fakeGoogle({ createFirst: [401] });
    const token = JSON.stringify({
      access_token: 'revoked',
      refresh_token: '1//refresh',
      expiry_date: Date.now() + 3_600_000,
    });
    await probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl);
    expect(
      seen.map((s) => `${s.method} ${new URL(s.url).pathname} ${s.headers.authorization ?? ''}`),
    ).toEqual([
      'POST /upload/drive/v3/files Bearer revoked',
      'POST /token ',
      'POST /upload/drive/v3/files Bearer fresh-access-token',
      'DELETE /drive/v3/files/file-42 Bearer fresh-access-token',
    ]);
  });

  it('explains a refresh token Google refuses, and sends nothing to Drive', async () => {
    const { seen, fetchImpl } = fakeGoogle({
      token: {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      },
    });
    const token = JSON.stringify({ refresh_token: '1//revoked' });
    const err = await probeGdrive({ kind: 'gdrive', credential, token }, probe, fetchImpl).catch(
      (e: unknown) => e,
    );
    // The shape domain/settings/connections/errors.ts explains as a refused refresh token.
    expect(err).toMatchObject({ status: 400, response: { status: 400, data: { error: 'invalid_grant' } } });
    expect(seen).toHaveLength(1);
  });

  it('refuses a credential that is not an OAuth client, and a token with nothing to sign in with', async () => {
    const { seen, fetchImpl } = fakeGoogle();
    const serviceAccount = JSON.stringify({ type: 'service_account', client_email: 'x@y.example' });
    await expect(
      probeGdrive(
        { kind: 'gdrive', credential: serviceAccount, token: '{"access_token":"a"}' },
        probe,
        fetchImpl,
      ),
    ).rejects.toMatchObject({ code: 'EBADCREDENTIAL' });
    await expect(probeGdrive({ kind: 'gdrive', credential, token: '{}' }, probe, fetchImpl)).rejects.toThrow(
      /neither an access token nor a refresh token/,
    );
    expect(seen).toEqual([]);
  });
});
