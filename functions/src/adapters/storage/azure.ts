import { BlobServiceClient } from '@azure/storage-blob';
import { PROBE_TIMEOUT_MS, type ProbeObject, type StorageTarget } from './types';

type AzureTarget = Extract<StorageTarget, { kind: 'azure' }>;

/** Writes and deletes one block blob in the organisation's container (created when missing). */
export const probeAzure = async (t: AzureTarget, probe: ProbeObject) => {
  const service = BlobServiceClient.fromConnectionString(t.connectionString, {
    retryOptions: { maxTries: 1, tryTimeoutInMs: PROBE_TIMEOUT_MS },
  });
  const container = service.getContainerClient(t.container);
  await container.createIfNotExists();
  const blob = container.getBlockBlobClient(probe.name);
  await blob.upload(probe.body, Buffer.byteLength(probe.body), {
    blobHTTPHeaders: { blobContentType: probe.contentType },
  });
  await blob.delete();
};
