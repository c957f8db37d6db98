import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountSASPermissions,
  AccountSASResourceTypes,
  AccountSASServices,
  BlobServiceClient,
  generateAccountSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { probeAzure } from '../../functions/src/adapters/storage/azure';
import { describeConnectionError } from '../../functions/src/domain/settings/connections/errors';
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzurite } from './profile-servers';

/*
 * The Azure adapter speaks Blob Storage's REST API itself (Shared Key or a shared access
 * signature); Azurite checks every signature as Azure does, and Microsoft's own client reads back
 * what the adapter left behind.
 */

let azurite: Awaited<ReturnType<typeof startAzurite>>;
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(() => azurite?.stop());

const probe = (n: number) => ({
  name: `proofmark-test-${n}.txt`,
  body: 'Proofmark test connection',
  contentType: 'text/plain',
});

const blobsIn = async (container: string) => {
  const names: string[] = [];
  const client = BlobServiceClient.fromConnectionString(azurite.connectionString()).getContainerClient(
    container,
  );
  for await (const b of client.listBlobsFlat()) names.push(b.name);
  return names;
};

describe('the Azure adapter against Azurite', () => {
  it('creates the container with the account key, writes and deletes the blob, and runs again', async () => {
    const target = {
      kind: 'azure',
      connectionString: azurite.connectionString(),
      container: 'with-key',
    } as const;
    await probeAzure(target, probe(1));
    await probeAzure(target, probe(2));
    expect(await blobsIn('with-key')).toEqual([]);
  });

  it('works with a shared access signature connection string', async () => {
    const sas = generateAccountSASQueryParameters(
      {
        expiresOn: new Date(Date.now() + 3_600_000),
        permissions: AccountSASPermissions.parse('rwdlc'),
        resourceTypes: AccountSASResourceTypes.parse('sco').toString(),
        services: AccountSASServices.parse('b').toString(),
      },
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    ).toString();
    const connectionString = `BlobEndpoint=${azurite.blobEndpoint};SharedAccessSignature=${sas}`;
    await probeAzure({ kind: 'azure', connectionString, container: 'with-sas' }, probe(3));
    const container = BlobServiceClient.fromConnectionString(azurite.connectionString()).getContainerClient(
      'with-sas',
    );
    expect(await container.exists()).toBe(true);
    expect(await blobsIn('with-sas')).toEqual([]);
  });

  it('is refused with a wrong key or a signature without write permission', async () => {
    const wrongKey = azurite.connectionString(Buffer.from('not the key').toString('base64'));
    const refused = await probeAzure(
      { kind: 'azure', connectionString: wrongKey, container: 'wrong-key' },
      probe(4),
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'RestError', statusCode: 403 });
    expect(describeConnectionError(refused)).toBe(
      'the storage account refused the key in the connection string.',
    );

    const readOnly = generateAccountSASQueryParameters(
      {
        expiresOn: new Date(Date.now() + 3_600_000),
        permissions: AccountSASPermissions.parse('rl'),
        resourceTypes: AccountSASResourceTypes.parse('sco').toString(),
        services: AccountSASServices.parse('b').toString(),
      },
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    ).toString();
    const denied = await probeAzure(
      {
        kind: 'azure',
        connectionString: `BlobEndpoint=${azurite.blobEndpoint};SharedAccessSignature=${readOnly}`,
        container: 'read-only',
      },
      probe(5),
    ).catch((e: unknown) => e);
    expect(denied).toMatchObject({ name: 'RestError', statusCode: 403 });
  });
});
