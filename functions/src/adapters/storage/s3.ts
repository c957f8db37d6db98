import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PROBE_TIMEOUT_MS, type ProbeObject, type StorageTarget } from './types';

type S3Target = Extract<StorageTarget, { kind: 's3' }>;

/**
 * A client for the customer's own bucket: their credentials, their region, and, for S3-compatible
 * services, their endpoint (path-style, which every such service serves). Never the process's own
 * credentials or endpoint variables, so a misconfigured customer bucket cannot reach ours.
 */
export const customerS3Client = (t: S3Target) =>
  new S3Client({
    region: t.region,
    credentials: { accessKeyId: t.accessKeyId, secretAccessKey: t.secretAccessKey },
    ...(t.endpoint ? { endpoint: t.endpoint, forcePathStyle: true } : {}),
    maxAttempts: 1,
    requestHandler: {
      requestTimeout: PROBE_TIMEOUT_MS,
      connectionTimeout: PROBE_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export const probeS3 = async (t: S3Target, probe: ProbeObject) => {
  const client = customerS3Client(t);
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: t.bucket,
        Key: probe.name,
        Body: probe.body,
        ContentType: probe.contentType,
      }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: t.bucket, Key: probe.name }));
  } finally {
    client.destroy();
  }
};
