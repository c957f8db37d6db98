import http from 'node:http';
import { randomInt } from 'node:crypto';
import { cloud, type ApiAnswer } from './helpers';

/**
 * A loopback address of its own (127.x.y.z, never 127.0.0.1), so that per-client limits see a
 * client other than the one every other test shares. Linux routes all of 127.0.0.0/8 to loopback.
 */
export const freshClient = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

/** Like `api`, but the request leaves from the given local address. */
export const apiFrom = <T = unknown>(
  client: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawPath?: boolean } = {},
): Promise<ApiAnswer<T>> =>
  new Promise((resolve, reject) => {
    const url = new URL(cloud().appUrl);
    const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        localAddress: client,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as ApiAnswer<T>['body'] });
          } catch {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
