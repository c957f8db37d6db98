// The local S3 server replaces an object whole, as S3 does: reads racing writes, copies and
// deletes of the same key see one version or another (or none after a delete), never a 500 or a
// cut-off body.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from './s3';

let server: Awaited<ReturnType<typeof startS3>>;
let dir: string;
const object = (key: string) => `${server.url}/public/${key}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-s3-'));
  server = await startS3(0, path.join(dir, 's3'));
  expect((await fetch(`${server.url}/public`, { method: 'PUT' })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = async (key: string, body: string) => {
  const res = await fetch(object(key), {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/json' },
  });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
};

/** What a read may get, by name. */
const versions = new Map<string, string>();

/** Reads a key over and over while `writes` runs; what each read got. */
const readWhile = async (key: string, writes: () => Promise<void>) => {
  const seen: string[] = [];
  let writing = true;
  const reader = async () => {
    while (writing) {
      try {
        const res = await fetch(object(key));
        const text = await res.text();
        seen.push(
          res.status === 200
            ? (versions.get(text) ?? `a body of ${text.length} bytes`)
            : `HTTP ${res.status}`,
        );
      } catch (err) {
        seen.push(`failed: ${String((err as Error).cause ?? err)}`);
      }
    }
  };
  const readers = [reader(), reader(), reader()];
  await writes().finally(() => (writing = false));
  await Promise.all(readers);
  return seen;
};

describe('the local S3 server', () => {
  const long = JSON.stringify({ a: 'x'.repeat(40_000) });
  const short = JSON.stringify({ b: 'y'.repeat(300) });
  versions.set(long, 'long').set(short, 'short');

  it(
    'serves an object written again (the same bytes or others) whole while it is written',
    { timeout: 30_000 },
    async () => {
      await put('doc.json', long);
      const seen = await readWhile('doc.json', async () => {
        for (let i = 0; i < 150; i++) await put('doc.json', i % 3 === 2 ? short : long);
      });
      expect(seen.length).toBeGreaterThan(50);
      expect(seen.filter((s) => s !== 'long' && s !== 'short').slice(0, 3)).toEqual([]);
    },
  );

  it(
    'serves a copy target whole while objects are copied onto it, and keeps its type',
    { timeout: 30_000 },
    async () => {
      await put('src-long.json', long);
      await put('src-short.json', short);
      await put('target.json', long);
      const seen = await readWhile('target.json', async () => {
        for (let i = 0; i < 100; i++) {
          const res = await fetch(object('target.json'), {
            method: 'PUT',
            headers: { 'x-amz-copy-source': `/public/src-${i % 2 ? 'short' : 'long'}.json` },
          });
          await res.arrayBuffer();
          expect(res.status).toBe(200);
        }
      });
      expect(seen.filter((s) => s !== 'long' && s !== 'short').slice(0, 3)).toEqual([]);
      // The last copy (the 100th) was of the short one.
      const last = await fetch(object('target.json'));
      expect(versions.get(await last.text())).toBe('short');
      expect(last.headers.get('content-type')).toBe('application/json');
      expect(last.headers.get('etag')).toBe((await fetch(object('src-short.json'))).headers.get('etag'));
    },
  );

  it(
    'answers 404, never 500, for a key deleted and written again meanwhile',
    { timeout: 30_000 },
    async () => {
      const seen = await readWhile('nested/dir/gone.json', async () => {
        for (let i = 0; i < 60; i++) {
          await put('nested/dir/gone.json', short);
          expect((await fetch(object('nested/dir/gone.json'), { method: 'DELETE' })).status).toBe(204);
        }
      });
      expect(seen.filter((s) => s !== 'short' && s !== 'HTTP 404').slice(0, 3)).toEqual([]);
      // Nothing is left behind in the staging folder.
      expect(fs.readdirSync(path.join(dir, 's3-staging'))).toEqual([]);
    },
  );
});
