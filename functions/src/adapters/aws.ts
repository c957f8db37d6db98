import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/*
 * One client per service per process (Lambda reuses them across invocations). Endpoints come from
 * the SDK's standard AWS_ENDPOINT_URL_<SERVICE> variables, which the local cloud sets; in AWS they are
 * unset. The SDK has no default request timeout, and a server that never answers must not hang a job.
 */
const requestHandler = { requestTimeout: 30_000, throwOnRequestTimeout: true };

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

export const dynamoClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({ requestHandler }), {
    marshallOptions: { removeUndefinedValues: true },
  }));

export const s3Client = () =>
  (s3 ??= new S3Client({
    requestHandler,
    // Path-style addressing only where a custom endpoint serves every bucket under one host.
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    // Checksums only when S3 requires them: keeps streamed bodies unframed on S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));

export const sqsClient = () => (sqs ??= new SQSClient({ requestHandler }));
export const sesClient = () => (ses ??= new SESv2Client({ requestHandler }));
export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({ requestHandler }));
