import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * S3 replaces an object atomically: a GET during a PUT of the same key gets the old object or the
 * new one, whole. s3rver's filesystem store writes in place (truncate, then write the object, its
 * MD5 and its metadata, and answers the PUT before the bytes are flushed), so a read meanwhile got
 * a 500 or a cut-off body (a job delivered again writes its documents again, byte for byte; in a CI
 * run the verifier page got HTTP 500 for a certificate issued minutes before). Here every write is
 * staged beside the store and renamed into place while no read of that key is opening its files.
 */

type Resource = 'object' | 'object.md5' | 'metadata.json';
const RESOURCES: Resource[] = ['object.md5', 'metadata.json', 'object'];

/** The parts of s3rver's FilesystemStore this relies on (s3rver ships no types). */
export interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
  getObject(bucket: string, key: string, options?: object): Promise<unknown>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: object, md5?: string): Promise<void>;
  copyObject(
    srcBucket: string,
    srcKey: string,
    destBucket: string,
    destKey: string,
    replacementMetadata?: object,
  ): Promise<Record<string, unknown>>;
  deleteObject(bucket: string, key: string): Promise<void>;
}
interface StoredObject {
  bucket: string;
  key: string;
  metadata: object;
  content: Buffer | NodeJS.ReadableStream;
}

/**
 * Per key: reads run side by side; a write's renames wait for the reads under way and hold back
 * new ones, so a read sees a key's three files from one write.
 */
const keyGates = () => {
  const writes = new Map<string, Promise<unknown>>();
  const reads = new Map<string, Set<Promise<unknown>>>();
  const settle = (p: Promise<unknown>) => p.then(noop, noop);
  const read = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    for (let w = writes.get(key); w; w = writes.get(key)) await settle(w);
    const run = work();
    const under = reads.get(key) ?? new Set();
    reads.set(key, under.add(run));
    try {
      return await run;
    } finally {
      under.delete(run);
      if (!under.size && reads.get(key) === under) reads.delete(key);
    }
  };
  const write = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const before = writes.get(key);
    const run = (async () => {
      if (before) await settle(before);
      await Promise.all([...(reads.get(key) ?? [])].map(settle));
      return work();
    })();
    writes.set(key, run);
    try {
      return await run;
    } finally {
      if (writes.get(key) === run) writes.delete(key);
    }
  };
  return { read, write };
};
const noop = () => undefined;

const ignoreMissing = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'ENOENT') throw err;
};

/** Makes the store's writes atomic; its own methods do the rest (paths, metadata, listing). */
export const makeWritesAtomic = (store: FilesystemStore, stagingDir: string) => {
  fs.mkdirSync(stagingDir, { recursive: true });
  const proto = Object.getPrototypeOf(store) as FilesystemStore;
  const gate = keyGates();
  const keyOf = (bucket: string, key: string) => `${bucket}/${key}`;

  /** The same store, writing a key's files under one staging name instead. */
  const staged = () => {
    const id = randomUUID();
    const at = (resource: string) => path.join(stagingDir, `${id}.${resource}`);
    const view = Object.create(store, {
      getResourcePath: { value: (_b: string, _k: string, r: string) => at(r) },
    });
    return { at, view: view as FilesystemStore };
  };

  /**
   * Moves a key's staged files into place (one the write has none of, the metadata of a copied
   * object that had none, goes). A directory that a concurrent delete of the last key in it just
   * removed is made again.
   */
  const install = async (at: (r: Resource) => string, bucket: string, key: string) => {
    for (const resource of RESOURCES) {
      const dest = store.getResourcePath(bucket, key, resource);
      if (!fs.existsSync(at(resource))) {
        await fs.promises.rm(dest, { force: true });
        continue;
      }
      for (let attempt = 0; ; attempt++) {
        try {
          await fs.promises.rename(at(resource), dest);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw err;
          await fs.promises.mkdir(path.dirname(dest), { recursive: true });
        }
      }
    }
  };

  const discard = (at: (r: Resource) => string) =>
    Promise.all(RESOURCES.map((r) => fs.promises.rm(at(r), { force: true })));

  store.getObject = (bucket, key, options) =>
    // The store's getObject resolves once the file is open: a later rename leaves that file whole.
    gate.read(keyOf(bucket, key), () => proto.getObject.call(store, bucket, key, options));

  store.putObject = async (object) => {
    const { at, view } = staged();
    try {
      const md5 = createHash('md5');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
      // Finished only when the file is written (s3rver's own resolves before).
      await pipeline(source, count, fs.createWriteStream(at('object')));
      const digest = md5.digest('hex');
      await proto.putMetadata.call(view, object.bucket, object.key, object.metadata, digest);
      await gate.write(keyOf(object.bucket, object.key), () => install(at, object.bucket, object.key));
      return { size, md5: digest };
    } finally {
      await discard(at);
    }
  };

  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    const { at, view } = staged();
    try {
      await gate.read(keyOf(srcBucket, srcKey), () =>
        Promise.all(
          RESOURCES.map((r) =>
            fs.promises.copyFile(store.getResourcePath(srcBucket, srcKey, r), at(r)).catch(ignoreMissing),
          ),
        ),
      );
      if (!fs.existsSync(at('object'))) throw Object.assign(new Error('no such object'), { code: 'ENOENT' });
      // The store writes an object's MD5 on its first read when it has none: not while being read.
      if (!fs.existsSync(at('object.md5')))
        await fs.promises.writeFile(
          at('object.md5'),
          createHash('md5')
            .update(await fs.promises.readFile(at('object')))
            .digest('hex'),
        );
      if (replacementMetadata) await proto.putMetadata.call(view, destBucket, destKey, replacementMetadata);
      return await gate.write(keyOf(destBucket, destKey), async () => {
        await install(at, destBucket, destKey);
        return proto.getMetadata.call(store, destBucket, destKey);
      });
    } finally {
      await discard(at);
    }
  };

  store.deleteObject = (bucket, key) =>
    gate.write(keyOf(bucket, key), () => proto.deleteObject.call(store, bucket, key));
  return store;
};
