import fs from 'node:fs';
// s3rver is CommonJS without types.
// @ts-expect-error no type declarations
import S3rver from 's3rver';
import { HOST } from '../ports';
import type { RunningServer } from './child';
import { makeWritesAtomic, type FilesystemStore } from './s3-atomic-store';

/** s3rver on a folder of `.data/`. Needs Node's --openssl-legacy-provider (its pagination uses MD4-era code). */
export const startS3 = async (port: number, dataDir: string): Promise<RunningServer & { port: number }> => {
  fs.mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({ address: HOST, port, directory: dataDir, silent: true, vhostBuckets: false });
  // Beside the store (same file system, so a rename is atomic), not in it: it would list as a bucket.
  makeWritesAtomic((server as { store: FilesystemStore }).store, `${dataDir.replace(/\/+$/, '')}-staging`);
  const { port: actual } = (await server.run()) as { port: number };
  return { name: 's3', url: `http://${HOST}:${actual}`, port: actual, stop: () => server.close() };
};
