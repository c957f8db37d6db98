import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { badRequest } from '@proofmark/shared/errors';
import type { SecretStatusData, StorageRequest, TestMailRequest } from '@proofmark/shared/contract/profile';
import { storageRequest } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { SecretField } from '@proofmark/shared/settings/rules';
import { deleteObject, putObject } from '../adapters/blobs';
import { probeStorage, type StorageTarget } from '../adapters/storage';
import { sendSmtpMail, type SmtpConfig } from '../adapters/smtp';
import { smtpConfigFor, type SecretReader } from './smtp-settings';
import {
  fetchClientCredentialsToken,
  office365TokenUrl,
  OFFICE365_SMTP_SCOPE,
} from '../adapters/oauth-token';
import { describeConnectionError } from './connection-errors';
import {
  assertPublicHost,
  assertPublicUrl,
  confinedLocalFolder,
  PrivateTargetError,
} from '../adapters/outbound-targets';
import { objectKeys } from './keys';
import { getOrgSettings, secretName, setOrgSettings, type OrgSettings } from './org-settings';
import { putSecret, readSecret, secretStatus } from './secrets';
import type { UserRecord } from './users';
import { logger } from '../adapters/logger';

export { smtpConfigFor } from './smtp-settings';

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

/** The container Proofmark uses in a customer's Azure storage account (a connection string names none). */
export const AZURE_CONTAINER = 'proofmark';
const FTP_DEFAULT_PORT = 21;

const splitHostPort = (host: string, fallback: number) => {
  const [name, port] = host.split(':');
  return { host: name!, port: port ? Number(port) : fallback };
};

/** The storage block as it is saved, so testing "the saved storage" takes the same path as testing a form. */
export const savedStorageRequest = (s: OrgSettings): StorageRequest | undefined => {
  const raw = (() => {
    switch (s.storagetype ?? 1) {
      case 1:
        return s.proofmarkorcustomer === 'customer'
          ? {
              key: 's3information',
              choice: 'customer',
              accesskey: s.awsaccesskey,
              bucket: s.s3bucketname,
              region: s.awsregion,
              endpoint: s.s3endpoint,
            }
          : { key: 's3information', choice: 'proofmark' };
      case 2:
        return { key: 'azureinformation' };
      case 3:
        return { key: 'gdriveinformation' };
      case 4:
        return { key: 'ftpinformation', host: s.ftphost, user: s.ftpuser };
      case 5:
        return { key: 'localinformation', path: s.localpath };
    }
  })();
  const parsed = storageRequest.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The storage to test: the block from the form, each empty secret taken from the stored ones; a
 * secret neither typed nor stored is the spec's "required" message.
 */
export const storageTargetFor = async (req: StorageRequest, stored: SecretReader): Promise<StorageTarget> => {
  const need = async (field: SecretField, typed: string | undefined, message: string) => {
    const value = typed ?? (await stored(field));
    if (!value) throw badRequest(message);
    return value;
  };
  switch (req.key) {
    case 's3information':
      if (req.choice === 'proofmark') return { kind: 'proofmark' };
      return {
        kind: 's3',
        bucket: req.bucket,
        region: req.region,
        accessKeyId: req.accesskey,
        secretAccessKey: await need('awssecretkey', req.secretkey, m.awsSecretKeyRequired),
        ...(req.endpoint ? { endpoint: req.endpoint } : {}),
      };
    case 'azureinformation':
      return {
        kind: 'azure',
        container: AZURE_CONTAINER,
        connectionString: await need(
          'azureConnectionString',
          req.connectionstring,
          m.azureConnectionStringRequired,
        ),
      };
    case 'gdriveinformation':
      return {
        kind: 'gdrive',
        credential: await need('gdriveCredential', req.credential, m.gdriveBothRequired),
        token: await need('gdriveToken', req.token, m.gdriveBothRequired),
      };
    case 'ftpinformation':
      return {
        kind: 'ftp',
        ...splitHostPort(req.host, FTP_DEFAULT_PORT),
        user: req.user,
        password: await need('ftppassword', req.password, m.ftpAccountRequired),
      };
    case 'localinformation':
      return { kind: 'local', path: req.path };
  }
};

/**
 * Refuses a server the tenant named that is our own machine, a private network or the metadata
 * service (after DNS), and a local folder outside the one machine's data folder.
 */
const assertAllowedTarget = async (t: StorageTarget | SmtpConfig, failed: (reason: string) => string) => {
  if (t.kind === 'local') {
    const dir = confinedLocalFolder(t.path);
    const real = dir && (await fs.realpath(dir).catch(() => dir));
    if (!real || !confinedLocalFolder(real)) throw badRequest(failed(m.localFolderNotAllowed));
    return;
  }
  const hosts: string[] = [];
  if (t.kind === 's3' && t.endpoint) hosts.push(new URL(t.endpoint).hostname);
  if (t.kind === 'ftp' || t.kind === 'password' || t.kind === 'oauth') hosts.push(t.host);
  if (t.kind === 'oauth' && t.accessUrl) hosts.push(new URL(t.accessUrl).hostname);
  try {
    for (const host of hosts) await assertPublicHost(host);
  } catch (err) {
    if (err instanceof PrivateTargetError) throw badRequest(failed(m.privateTarget));
    // A name that does not resolve fails the connection itself, with its own explanation.
  }
};

const secretsOf = (t: StorageTarget | SmtpConfig): string[] =>
  Object.entries(t)
    .filter(([k]) => /secret|password|pass$|token|connectionString|credential/i.test(k))
    .map(([, v]) => String(v));

/** Test connection: writes one small file to the storage and deletes it again. */
export const testStorage = async (orgId: string, req: StorageRequest | undefined): Promise<void> => {
  const block = req ?? savedStorageRequest(await getOrgSettings(orgId));
  if (!block) throw badRequest(m.storageNotChosen);
  const target = await storageTargetFor(block, (f) => readSecret(orgId, secretName(f)));
  await assertAllowedTarget(target, m.storageTestFailed);
  const id = randomUUID();
  try {
    if (target.kind === 'proofmark') {
      const key = objectKeys.storageTest(orgId, id);
      await putObject('artefacts', key, 'Proofmark test connection', 'text/plain');
      await deleteObject('artefacts', key);
    } else {
      await withDeadline(
        probeStorage(target, {
          name: `proofmark-test-${id}.txt`,
          body: 'Proofmark test connection: this file is deleted right away.',
          contentType: 'text/plain',
        }),
      );
    }
  } catch (err) {
    const reason = describeConnectionError(err, secretsOf(target));
    logger.warn('storage test failed', {
      orgId,
      kind: target.kind,
      reason,
      error: String((err as Error)?.name ?? err),
    });
    throw badRequest(m.storageTestFailed(reason));
  }
};

/** Send test email through the organisation's saved mail settings; returns the address it went to. */
export const testMail = async (orgId: string, user: UserRecord, req: TestMailRequest): Promise<string> => {
  const s = await getOrgSettings(orgId);
  const config = await smtpConfigFor(s, (f) => readSecret(orgId, secretName(f)));
  await assertAllowedTarget(config, m.mailTestFailed);
  const to = req.to || user.email;
  const from = (config.kind === 'office365' ? s.office365from : s.smtpfrom) || config.user;
  try {
    await withDeadline(
      sendSmtpMail(config, {
        from,
        to,
        ...(s.smtpcc && config.kind !== 'office365' ? { cc: s.smtpcc } : {}),
        subject: m.testMailSubject,
        text: `This is a test email from Proofmark, sent through your mail settings (${config.kind === 'office365' ? 'Office 365' : config.kind === 'oauth' ? 'OAuth' : 'user name and password'}). If you can read it, they work.`,
        html: `<p>This is a test email from Proofmark, sent through your mail settings.</p><p>If you can read it, they work.</p>`,
      }),
    );
  } catch (err) {
    const reason = describeConnectionError(err, secretsOf(config));
    logger.warn('test mail failed', { orgId, kind: config.kind, reason });
    throw badRequest(m.mailTestFailed(reason));
  }
  return to;
};

/**
 * Fetches an Office 365 access token with the saved client id, secret and tenant (client-credentials
 * grant) and stores it as a secret. Refuses when the settings are not saved: the token must match
 * what is stored, not what is in the form.
 */
export const fetchOffice365Token = async (
  orgId: string,
): Promise<{ accesstoken: SecretStatusData; tokenexpiresat: string | null }> => {
  const s = await getOrgSettings(orgId);
  const clientSecret = await readSecret(orgId, secretName('office365clientsecret'));
  // The settings must be saved first (the client asks the user to confirm that; spec §4).
  if (!s.office365clientid && !s.office365tenantid && !clientSecret) throw badRequest(m.office365SaveFirst);
  if (!s.office365clientid) throw badRequest(m.office365MissingField('client id'));
  if (!clientSecret) throw badRequest(m.office365MissingField('client secret'));
  if (!s.office365tenantid) throw badRequest(m.office365MissingField('tenant id'));
  const tokenUrl = s.office365gettokenurl || office365TokenUrl(s.office365tenantid);
  await assertPublicUrl(tokenUrl).catch((err: unknown) => {
    if (err instanceof PrivateTargetError) throw badRequest(m.office365TokenFailed(m.privateTarget));
  });
  let answer;
  try {
    answer = await fetchClientCredentialsToken({
      tokenUrl,
      clientId: s.office365clientid,
      clientSecret,
      scope: OFFICE365_SMTP_SCOPE,
    });
  } catch (err) {
    throw badRequest(m.office365TokenFailed(describeConnectionError(err, [clientSecret])));
  }
  const tokenexpiresat = answer.expiresInSeconds
    ? new Date(Date.now() + answer.expiresInSeconds * 1000).toISOString()
    : null;
  await putSecret(orgId, secretName('office365accesstoken'), answer.accessToken);
  if (answer.refreshToken) await putSecret(orgId, secretName('office365refreshtoken'), answer.refreshToken);
  await setOrgSettings(orgId, { office365tokenexpiresat: tokenexpiresat });
  return { accesstoken: await secretStatus(orgId, secretName('office365accesstoken')), tokenexpiresat };
};
