import type { ProbeObject, StorageTarget } from './types';

export type { StorageTarget, ProbeObject } from './types';

/**
 * Writes and deletes one object in a customer storage. Each client library is loaded only when its
 * storage is tested, so the profile function starts without them.
 */
export const probeStorage = async (
  target: Exclude<StorageTarget, { kind: 'proofmark' }>,
  probe: ProbeObject,
): Promise<void> => {
  switch (target.kind) {
    case 's3':
      return (await import('./s3')).probeS3(target, probe);
    case 'azure':
      return (await import('./azure')).probeAzure(target, probe);
    case 'gdrive':
      return (await import('./gdrive')).probeGdrive(target, probe);
    case 'ftp':
      return (await import('./ftp')).probeFtp(target, probe);
    case 'local':
      return (await import('./local')).probeLocal(target, probe);
  }
};
