import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProbeObject, StorageTarget } from './types';

type LocalTarget = Extract<StorageTarget, { kind: 'local' }>;

/** Writes and deletes one file directly under the folder (never creates folders, never overwrites). */
export const probeLocal = async (t: LocalTarget, probe: ProbeObject) => {
  const dir = path.resolve(t.path);
  const stat = await fs.stat(dir);
  if (!stat.isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
  const file = path.join(dir, path.basename(probe.name));
  await fs.writeFile(file, probe.body, { flag: 'wx' });
  await fs.unlink(file);
};
