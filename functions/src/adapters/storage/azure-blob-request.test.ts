import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AZURE_BLOB_VERSION,
  parseAzureConnectionString,
  sharedKeyStringToSign,
  type BlobRequest,
} from './azure-blob-request';
import { probeAzure } from './azure';

/*
 * The requests the Azure adapter sends, seen through a recording fetch. That Azure (Azurite) accepts
 * them is checked against the emulator by the integration tests (azure-blob.test.ts, profile.test.ts).
 */

const KEY = Buffer.from('a test account key of some length').toString('base64');
const portal = `DefaultEndpointsProtocol=https;AccountName=collegefiles;AccountKey=${KEY};EndpointSuffix=core.windows.net`;

interface Seen {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

const recordingFetch = (answer: (s: Seen) => Response = () => new Response(null, { status: 201 })) => {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const s: Seen = {
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? Buffer.from(init.body as Uint8Array).toString() : '',
    };
    seen.push(s);
    return answer(s);
  }) as typeof fetch;
  return { seen, fetchImpl };
};

const probe = { name: 'proofmark-test-7.txt', body: 'Proofmark test connection', contentType: 'text/plain' };

describe('the Azure connection string', () => {
  it('names the account and its blob endpoint as the portal shows them', () => {
    const a = parseAzureConnectionString(portal);
    expect(a).toMatchObject({
      accountName: 'collegefiles',
      blobEndpoint: 'https://collegefiles.blob.core.windows.net',
    });
    expect(a.key?.toString()).toBe('a test account key of some length');
  });

  it('takes an explicit BlobEndpoint, and the account from an emulator path', () => {
    expect(
      parseAzureConnectionString(`AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1/`),
    ).toMatchObject({
      accountName: 'devstoreaccount1',
      blobEndpoint: 'http://127.0.0.1:10000/devstoreaccount1',
    });
    expect(parseAzureConnectionString('UseDevelopmentStorage=true')).toMatchObject({
      accountName: 'devstoreaccount1',
      blobEndpoint: 'http://127.0.0.1:10000/devstoreaccount1',
    });
  });

  it('reads a shared access signature string', () => {
    const a = parseAzureConnectionString(
      'BlobEndpoint=https://collegefiles.blob.core.windows.net/;SharedAccessSignature=sv=2024-11-04&ss=b&sig=abc%3D',
    );
    expect(a).toEqual({
      accountName: 'collegefiles',
      blobEndpoint: 'https://collegefiles.blob.core.windows.net',
      sas: 'sv=2024-11-04&ss=b&sig=abc%3D',
    });
  });

  it('refuses a string with neither key nor signature, or a strange protocol', () => {
    expect(() => parseAzureConnectionString('AccountName=collegefiles')).toThrow(
      /AccountKey or SharedAccessSignature/,
    );
    expect(() =>
      parseAzureConnectionString(`DefaultEndpointsProtocol=ftp;AccountName=a;AccountKey=${KEY}`),
    ).toThrow(/DefaultEndpointsProtocol/);
  });
});

describe('Shared Key signing', () => {
  const put: BlobRequest = {
    method: 'PUT',
    url: new URL('http://127.0.0.1:10000/devstoreaccount1/proofmark/probe%20one.txt?timeout=10&comp=x'),
    headers: {
      'x-ms-version': '2025-01-05',
      'x-ms-date': 'Wed, 25 Nov 2026 12:00:00 GMT',
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-blob-content-type': 'text/plain',
    },
    body: Buffer.from('hello'),
  };

  it('signs the verb, the length, the sorted x-ms- headers and the account-prefixed resource with its query', () => {
    expect(sharedKeyStringToSign('devstoreaccount1', put)).toBe(
      [
        'PUT',
        '', // Content-Encoding
        '', // Content-Language
        '5', // Content-Length
        '', // Content-MD5
        '', // Content-Type
        '', // Date (x-ms-date is used)
        '',
        '',
        '',
        '',
        '', // If-* and Range
        'x-ms-blob-content-type:text/plain',
        'x-ms-blob-type:BlockBlob',
        'x-ms-date:Wed, 25 Nov 2026 12:00:00 GMT',
        'x-ms-version:2025-01-05',
        '/devstoreaccount1/devstoreaccount1/proofmark/probe%20one.txt',
        'comp:x',
        'timeout:10',
      ].join('\n'),
    );
  });

  it('leaves the length empty for a request without a body', () => {
    const del: BlobRequest = {
      ...put,
      method: 'DELETE',
      url: new URL('https://a.blob.core.windows.net/c/b'),
      body: undefined,
    };
    expect(sharedKeyStringToSign('a', del).split('\n').slice(0, 5)).toEqual(['DELETE', '', '', '', '']);
    expect(sharedKeyStringToSign('a', del).endsWith('\n/a/c/b')).toBe(true);
  });

  it('sends the HMAC-SHA256 of that string under the decoded account key', async () => {
    const { seen, fetchImpl } = recordingFetch();
    await probeAzure({ kind: 'azure', connectionString: portal, container: 'proofmark' }, probe, fetchImpl);
    for (const s of seen) {
      const req: BlobRequest = {
        method: s.method as BlobRequest['method'],
        url: s.url,
        headers: Object.fromEntries(Object.entries(s.headers).filter(([n]) => n !== 'authorization')),
        ...(s.body ? { body: Buffer.from(s.body) } : {}),
      };
      const expected = createHmac('sha256', Buffer.from('a test account key of some length'))
        .update(sharedKeyStringToSign('collegefiles', req))
        .digest('base64');
      expect(s.headers.authorization).toBe(`SharedKey collegefiles:${expected}`);
      // Another key gives another signature, so the check above can fail.
      const other = createHmac('sha256', Buffer.from('another key')).update(
        sharedKeyStringToSign('collegefiles', req),
      );
      expect(s.headers.authorization).not.toBe(`SharedKey collegefiles:${other.digest('base64')}`);
    }
  });
});

describe('the Azure test connection', () => {
  it('creates the container, puts a block blob with its content type, then deletes it', async () => {
    const { seen, fetchImpl } = recordingFetch();
    await probeAzure({ kind: 'azure', connectionString: portal, container: 'proofmark' }, probe, fetchImpl);
    expect(seen.map((s) => `${s.method} ${s.url.origin}${s.url.pathname}${s.url.search}`)).toEqual([
      'PUT https://collegefiles.blob.core.windows.net/proofmark?restype=container',
      'PUT https://collegefiles.blob.core.windows.net/proofmark/proofmark-test-7.txt',
      'DELETE https://collegefiles.blob.core.windows.net/proofmark/proofmark-test-7.txt',
    ]);
    const upload = seen[1]!;
    expect(upload.headers).toMatchObject({
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-blob-content-type': 'text/plain',
      'x-ms-version': AZURE_BLOB_VERSION,
    });
    expect(new Date(upload.headers['x-ms-date']!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(upload.body).toBe('Proofmark test connection');
  });

  it('goes on when the container exists, and stops at any other refusal', async () => {
    const exists = recordingFetch((s) =>
      s.url.search === '?restype=container'
        ? new Response('<Error><Code>ContainerAlreadyExists</Code></Error>', {
            status: 409,
            headers: { 'x-ms-error-code': 'ContainerAlreadyExists' },
          })
        : new Response(null, { status: 201 }),
    );
    await probeAzure(
      { kind: 'azure', connectionString: portal, container: 'proofmark' },
      probe,
      exists.fetchImpl,
    );
    expect(exists.seen).toHaveLength(3);

    const refused = recordingFetch(
      () =>
        new Response(
          '<?xml version="1.0"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request.\nRequestId:1</Message></Error>',
          { status: 403, headers: { 'x-ms-error-code': 'AuthenticationFailed' } },
        ),
    );
    const err = await probeAzure(
      { kind: 'azure', connectionString: portal, container: 'proofmark' },
      probe,
      refused.fetchImpl,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RestError', statusCode: 403, code: 'AuthenticationFailed' });
    expect((err as Error).message).toBe('Server failed to authenticate the request.\nRequestId:1');
    expect(refused.seen).toHaveLength(1);

    const missing = recordingFetch(() => new Response('', { status: 404 }));
    const notFound = await probeAzure(
      { kind: 'azure', connectionString: portal, container: 'proofmark' },
      probe,
      missing.fetchImpl,
    ).catch((e: unknown) => e);
    // The shape domain/settings/connections/errors.ts explains (“the storage service answered 404.”).
    expect(notFound).toMatchObject({ name: 'RestError', statusCode: 404 });
  });

  it('with a shared access signature sends it as the query and no Authorization header', async () => {
    const { seen, fetchImpl } = recordingFetch();
    const cs =
      'BlobEndpoint=https://collegefiles.blob.core.windows.net;SharedAccessSignature=sv=2024-11-04&sig=abc%2B%3D';
    await probeAzure({ kind: 'azure', connectionString: cs, container: 'proofmark' }, probe, fetchImpl);
    for (const s of seen) {
      expect(s.headers.authorization).toBeUndefined();
      expect(s.url.searchParams.get('sig')).toBe('abc+=');
      expect(s.url.searchParams.get('sv')).toBe('2024-11-04');
    }
    expect(seen[0]!.url.searchParams.get('restype')).toBe('container');
  });
});
