import { randomUUID } from 'node:crypto';
import { badRequest } from '@proofmark/shared/errors';
import type { StorageRequest } from '@proofmark/shared/contract/profile';
import { storageRequest } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { SecretField } from '@proofmark/shared/settings/rules';
import { deleteObject, putObject } from '../../../adapters/blobs';
import { probeStorage, type StorageTarget } from '../../../adapters/storage/index';
import type { SecretReader } from '../smtp-settings';
import { describeConnectionError } from './errors';
import { assertAllowedTarget, secretsOf, withDeadline } from './tests';
import { objectKeys } from '../../object-keys';
import { getOrgSettings, secretName, type OrgSettings } from '../org-settings';
import { readSecret } from '../secrets';
import { logger } from '../../../adapters/logger';

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
