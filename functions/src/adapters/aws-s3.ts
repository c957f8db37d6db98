import { S3Client } from '@aws-sdk/client-s3';
import { requestHandler } from './aws-request';

let s3: S3Client | undefined;

export const s3Client = () =>
  (s3 ??= new S3Client({
    requestHandler,
    // Path-style addressing only where a custom endpoint serves every bucket under one host.
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    // Checksums only when S3 requires them: keeps streamed bodies unframed on S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
