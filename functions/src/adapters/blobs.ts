import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BucketName } from '../environment-names';
import { s3Client } from './aws-s3';
import { functionConfig } from './function-config';

/**
 * Cache-Control of public documents that change in place (issuer profile, revocation and status
 * lists): caches must ask again each time, or a hold or revoke shows late on verifier pages.
 */
export const CHANGES_IN_PLACE = 'no-cache';

export const putObject = async (
  bucket: BucketName,
  key: string,
  body: string | Uint8Array,
  contentType: string,
  cacheControl?: string,
) => {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: functionConfig().bucket(bucket),
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
};

/** The object's text, or undefined when there is no such key. */
export const getObjectText = async (bucket: BucketName, key: string): Promise<string | undefined> => {
  try {
    const out = await s3Client().send(
      new GetObjectCommand({ Bucket: functionConfig().bucket(bucket), Key: key }),
    );
    return await out.Body?.transformToString();
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
};

export const deleteObject = async (bucket: BucketName, key: string) => {
  await s3Client().send(new DeleteObjectCommand({ Bucket: functionConfig().bucket(bucket), Key: key }));
};

/** A short-lived URL to read one private object (the browser fetches it straight from S3). */
/** A time-limited link to an object; with `downloadAs`, browsers save it under that file name. */
export const presignedGetUrl = (
  bucket: BucketName,
  key: string,
  expiresInSeconds = 900,
  downloadAs?: string,
): Promise<string> =>
  getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: functionConfig().bucket(bucket),
      Key: key,
      ...(downloadAs ? { ResponseContentDisposition: `attachment; filename="${downloadAs}"` } : {}),
    }),
    { expiresIn: expiresInSeconds },
  );

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  ['NoSuchKey', 'NotFound'].includes((err as { name?: string }).name ?? '');

/** The object's bytes (with `maxBytes`, only that many from the start), or undefined when there is no such key. */
export const getObjectBytes = async (
  bucket: BucketName,
  key: string,
  maxBytes?: number,
): Promise<Uint8Array | undefined> => {
  try {
    const out = await s3Client().send(
      new GetObjectCommand({
        Bucket: functionConfig().bucket(bucket),
        Key: key,
        ...(maxBytes ? { Range: `bytes=0-${maxBytes - 1}` } : {}),
      }),
    );
    return await out.Body?.transformToByteArray();
  } catch (err) {
    if (isMissing(err)) return undefined;
    // A range of an empty object cannot be satisfied (S3 answers 416; the local S3 drops the
    // connection): an empty object is empty, not an error.
    if (maxBytes && (await objectSize(bucket, key).catch(() => undefined)) === 0) return new Uint8Array(0);
    throw err;
  }
};

/**
 * Copies an object from one bucket to another inside S3 (its bytes never pass through here: half
 * the cost of a get and a put on the local cloud). False when there is no such object.
 */
export const copyObject = async (
  from: { bucket: BucketName; key: string },
  to: { bucket: BucketName; key: string },
  contentType: string,
): Promise<boolean> => {
  try {
    await s3Client().send(
      new CopyObjectCommand({
        Bucket: functionConfig().bucket(to.bucket),
        Key: to.key,
        CopySource: `${functionConfig().bucket(from.bucket)}/${from.key.split('/').map(encodeURIComponent).join('/')}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
};

/** The object's size in bytes, or undefined when there is no such key. */
export const objectSize = async (bucket: BucketName, key: string): Promise<number | undefined> => {
  try {
    const out = await s3Client().send(
      new HeadObjectCommand({ Bucket: functionConfig().bucket(bucket), Key: key }),
    );
    return out.ContentLength ?? 0;
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
};

/** A short-lived URL to which the browser PUTs one file straight into S3 (no other header needed). */
export const presignedPutUrl = (bucket: BucketName, key: string, expiresInSeconds = 900): Promise<string> =>
  getSignedUrl(s3Client(), new PutObjectCommand({ Bucket: functionConfig().bucket(bucket), Key: key }), {
    expiresIn: expiresInSeconds,
  });

const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes a stream of unknown length (a zip being built) without holding it in memory: 8 MB parts
 * of a multipart upload, or one plain PUT when it stays under one part. Returns the size written.
 * Reading the source in step with the uploads is the backpressure on whoever produces it.
 */
export const putObjectStream = async (
  bucket: BucketName,
  key: string,
  source: AsyncIterable<Uint8Array>,
  contentType: string,
): Promise<number> => {
  const Bucket = functionConfig().bucket(bucket);
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let uploadId: string | undefined;
  const parts: { ETag?: string; PartNumber: number }[] = [];
  const flush = async () => {
    uploadId ??= (
      await s3Client().send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))
    ).UploadId;
    const PartNumber = parts.length + 1;
    const Body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const out = await s3Client().send(
      new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body }),
    );
    parts.push({ ETag: out.ETag, PartNumber });
  };
  try {
    for await (const chunk of source) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      total += chunk.length;
      if (pendingBytes >= PART_BYTES) await flush();
    }
    if (!uploadId) {
      await putObject(bucket, key, Buffer.concat(pending, pendingBytes), contentType);
      return total;
    }
    if (pendingBytes) await flush();
    await s3Client().send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    return total;
  } catch (err) {
    if (uploadId) {
      await s3Client()
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
    }
    throw err;
  }
};
