// The CloudFront stand-in's reads of the public bucket: an object, a missing one, an S3 error, and a
// kept-alive connection the server closed just as the next read took it (tried once more).
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicReader } from './public-reads';
import { HOST } from './ports';

let server: http.Server;
let bucketUrl: string;
/** Requests each connection carried; the second on a connection is cut with no answer, once. */
const requestsOn = new Map<Socket, number>();
let cut = 0;
/** Requests for fresh-cut.json: cut with no answer, always, on whatever connection. */
let freshCuts = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const n = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, n);
    if (req.url?.endsWith('/cut.json') && n === 2) return (cut++, req.socket.destroy());
    if (req.url?.endsWith('/fresh-cut.json')) return (freshCuts++, req.socket.destroy());
    if (req.url?.endsWith('/missing.json')) return res.writeHead(404).end();
    if (req.url?.endsWith('/broken.json')) return res.writeHead(500).end();
    res
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' })
      .end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  bucketUrl = `http://${HOST}:${(server.address() as { port: number }).port}/public/`;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

describe('the public bucket reader', () => {
  it('reads an object with its type and caching, and says undefined for a missing one', async () => {
    const read = publicReader(bucketUrl);
    const obj = await read('issuers/x/profile.json');
    expect(Buffer.from(obj!.body).toString()).toBe('{"ok":true}');
    expect(obj).toMatchObject({ contentType: 'application/json', cacheControl: 'no-cache' });
    expect(await read('issuers/x/missing.json')).toBeUndefined();
    await expect(read('issuers/x/broken.json')).rejects.toThrow(
      'the local S3 answered 500 for issuers/x/broken.json',
    );
  });

  it('reads again on a new connection when the kept-alive one was closed as it was taken', async () => {
    const read = publicReader(bucketUrl);
    await read('credentials/x/first.json');
    const before = cut;
    const obj = await read('credentials/x/cut.json');
    expect(cut).toBe(before + 1);
    expect(Buffer.from(obj!.body).toString()).toBe('{"ok":true}');
  });

  it('does not read again when a connection fails on its first request', async () => {
    const read = publicReader(bucketUrl);
    const before = freshCuts;
    await expect(read('credentials/x/fresh-cut.json')).rejects.toMatchObject({ code: 'ECONNRESET' });
    // One request reached the server: a failure on a new connection is the caller's, not retried.
    expect(freshCuts).toBe(before + 1);
  });
});
