import { AzureRestError, parseAzureConnectionString, sendBlobRequest } from './azure-blob-request';
import type { ProbeObject, StorageTarget } from './types';

type AzureTarget = Extract<StorageTarget, { kind: 'azure' }>;

/** Writes and deletes one block blob in the organisation's container (created when missing). */
export const probeAzure = async (t: AzureTarget, probe: ProbeObject, fetchImpl: typeof fetch = fetch) => {
  const account = parseAzureConnectionString(t.connectionString);
  const container = encodeURIComponent(t.container);
  try {
    await sendBlobRequest(account, 'PUT', container, { query: { restype: 'container' } }, fetchImpl);
  } catch (err) {
    if (!(err instanceof AzureRestError && err.code === 'ContainerAlreadyExists')) throw err;
  }
  const blob = `${container}/${encodeURIComponent(probe.name)}`;
  await sendBlobRequest(
    account,
    'PUT',
    blob,
    {
      headers: { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': probe.contentType },
      body: Buffer.from(probe.body),
    },
    fetchImpl,
  );
  await sendBlobRequest(account, 'DELETE', blob, {}, fetchImpl);
};
