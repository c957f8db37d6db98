import { S3Client } from '@aws-sdk/client-s3';
import { requestHandler } from './aws-request';
import { functionConfig } from './function-config';

let s3: S3Client | undefined;

export const s3Client = () =>
  (s3 ??= new S3Client({
    requestHandler,
    // Path-style addressing only where a custom endpoint serves every bucket under one host.
    forcePathStyle: functionConfig().s3ForcePathStyle,
    // Checksums only when S3 requires them: keeps streamed bodies unframed on S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
