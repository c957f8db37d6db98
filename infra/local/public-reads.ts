import http from 'node:http';

/** A public object as the CloudFront stand-in serves it. */
export interface PublicObject {
  body: Uint8Array;
  contentType?: string;
  cacheControl?: string;
}

/**
 * CloudFront's read of the public bucket: a plain GET of the local S3 (which takes unsigned reads),
 * as an SDK call per certificate read was a good part of the gateway thread's work; node:http
 * rather than fetch, as under load fetch's streams cost the gateway thread about 2 ms of CPU per
 * read. Undefined when the object is missing.
 *
 * Connections are kept alive, and the server may close an idle one just as it is taken for the
 * next read: that read fails before any answer and is tried once more on a new connection, as
 * CloudFront tries an origin's connection again (and as Node's documentation advises for
 * `reusedSocket`). Any other failure, and an S3 error status, is the caller's 500.
 */
export const publicReader = (bucketUrl: string) => {
  const agent = new http.Agent({ keepAlive: true });
  const get = (url: string, fresh: boolean) =>
    new Promise<PublicObject | undefined>((resolve, reject) => {
      const req = http.get(url, fresh ? { agent: false } : { agent }, (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          return status === 404
            ? resolve(undefined)
            : reject(new Error(`the local S3 answered ${status} for ${url.slice(bucketUrl.length)}`));
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            contentType: res.headers['content-type'],
            cacheControl: res.headers['cache-control'],
          }),
        );
      });
      req.on('error', (err: NodeJS.ErrnoException) =>
        // No answer began on a connection used before: the server had closed it.
        !fresh && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')
          ? get(url, true).then(resolve, reject)
          : reject(err),
      );
    });
  return (key: string) => get(bucketUrl + key.split('/').map(encodeURIComponent).join('/'), false);
};
