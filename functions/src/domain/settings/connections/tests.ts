import fs from 'node:fs/promises';
import { badRequest } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { StorageTarget } from '../../../adapters/storage/types';
import type { SmtpConfig } from '../../../adapters/smtp-config';
import { assertPublicHost, confinedLocalFolder, PrivateTargetError } from '../../../adapters/outbound-targets';
import { parseAzureConnectionString } from '../../../adapters/storage/azure-blob-request';

/*
 * What the storage test (settings/connections/storage.ts) and the mail test (settings/connections/mail.ts) share: a deadline, the
 * refusal of private servers, and the secrets to keep out of an explanation. They run in separate
 * functions, each carrying only its own clients (README, "Lambda bundles").
 */

/**
 * A whole test (connect, sign in, write, delete) must end well inside API Gateway's 30 s, even when
 * each step waits up to its own timeout: past this it counts as "did not answer in time".
 */
export const TEST_DEADLINE_MS = 20_000;
export const withDeadline = <T>(work: Promise<T>, ms = TEST_DEADLINE_MS): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('the test took too long'), { name: 'TimeoutError' })),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};

/**
 * Refuses a server the tenant named that is our own machine, a private network or the metadata
 * service (after DNS), and a local folder outside the one machine's data folder.
 */
export const assertAllowedTarget = async (
  t: StorageTarget | SmtpConfig,
  failed: (reason: string) => string,
) => {
  if (t.kind === 'local') {
    const dir = confinedLocalFolder(t.path);
    const real = dir && (await fs.realpath(dir).catch(() => dir));
    if (!real || !confinedLocalFolder(real)) throw badRequest(failed(m.localFolderNotAllowed));
    return;
  }
  try {
    const hosts: string[] = [];
    if (t.kind === 's3' && t.endpoint) hosts.push(new URL(t.endpoint).hostname);
    // A connection string may name any endpoint (BlobEndpoint, or AccountName + EndpointSuffix).
    if (t.kind === 'azure')
      hosts.push(new URL(parseAzureConnectionString(t.connectionString).blobEndpoint).hostname);
    if (t.kind === 'ftp' || t.kind === 'password' || t.kind === 'oauth') hosts.push(t.host);
    if (t.kind === 'oauth' && t.accessUrl) hosts.push(new URL(t.accessUrl).hostname);
    for (const host of hosts) await assertPublicHost(host);
  } catch (err) {
    if (err instanceof PrivateTargetError) throw badRequest(failed(m.privateTarget));
    // A name that does not resolve, or a malformed connection string, fails the connection itself,
    // with its own explanation.
  }
};

export const secretsOf = (t: StorageTarget | SmtpConfig): string[] =>
  Object.entries(t)
    .filter(([k]) => /secret|password|pass$|token|connectionString|credential/i.test(k))
    .map(([, v]) => String(v));
