import { Readable } from 'node:stream';
import { Client } from 'basic-ftp';
import { PROBE_TIMEOUT_MS, type ProbeObject, type StorageTarget } from './types';

type FtpTarget = Extract<StorageTarget, { kind: 'ftp' }>;

/** Uploads and removes one file in the FTP account's home folder. */
export const probeFtp = async (t: FtpTarget, probe: ProbeObject) => {
  const client = new Client(PROBE_TIMEOUT_MS);
  try {
    await client.access({ host: t.host, port: t.port, user: t.user, password: t.password, secure: false });
    await client.uploadFrom(Readable.from([Buffer.from(probe.body)]), probe.name);
    await client.remove(probe.name);
  } finally {
    client.close();
  }
};
