import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cloud } from './helpers';

/**
 * How the local gateway serves the two web builds, as CloudFront does in AWS: the SPA at /, the
 * public verifier app at /verify; hashed assets cached for a year, HTML revalidated; brotli or gzip
 * as the client accepts (the build's precompressed twins).
 */

const get = (path: string, acceptEncoding?: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(
      `${cloud().appUrl}${path}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });

const scriptOf = (html: string) => /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];

describe('the web builds as the gateway serves them', () => {
  it('serves the SPA: index.html revalidated, its hashed script immutable, in brotli or gzip as accepted', async () => {
    const page = await get('/login');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = scriptOf(page.body.toString());
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);

    const plain = await get(script!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get(script!, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await get(script!, 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('serves the verifier app at /verify and /verify/<slug>, with its own assets under /verify/assets', async () => {
    for (const path of ['/verify', '/verify/any-organisation?id=x']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(scriptOf(page.body.toString()), path).toMatch(/^\/verify\/assets\/index-[\w-]+\.js$/);
    }
    const script = scriptOf((await get('/verify')).body.toString())!;
    const js = await get(script, 'br');
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The SPA's own paths are not the verifier's.
    expect(scriptOf((await get('/verifyx')).body.toString())).toMatch(/^\/assets\//);
  });
});
