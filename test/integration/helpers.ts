import { inject } from 'vitest';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LocalCloudInfo } from '../../infra/local/cloud';

export const cloud = (): LocalCloudInfo => inject('cloud');

const local = (endpoint: string, region: string) => {
  if (new URL(endpoint).hostname !== '127.0.0.1') throw new Error(`not a local endpoint: ${endpoint}`);
  return {
    endpoint,
    region,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestHandler: { requestTimeout: 10_000, throwOnRequestTimeout: true },
  };
};

/** SDK clients pointed at the test's local cloud, for arranging and checking state directly. */
export const clients = (c: LocalCloudInfo = cloud()) => ({
  cognito: new CognitoIdentityProviderClient(local(c.endpoints.cognito, c.region)),
  sqs: new SQSClient(local(c.endpoints.sqs, c.region)),
  s3: new S3Client({ ...local(c.endpoints.s3, c.region), forcePathStyle: true }),
  dynamo: DynamoDBDocumentClient.from(new DynamoDBClient(local(c.endpoints.dynamodb, c.region))),
});

export const signIn = async (email: string, password: string, c: LocalCloudInfo = cloud()) => {
  const auth = await clients(c).cognito.send(
    new InitiateAuthCommand({
      ClientId: c.resources.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    idToken: auth.AuthenticationResult!.IdToken!,
    accessToken: auth.AuthenticationResult!.AccessToken!,
  };
};

export interface ApiAnswer<T = unknown> {
  status: number;
  body: {
    Status: number;
    message: string;
    Data?: T;
    code?: string;
    details?: { path: string; message: string }[];
  };
}

export const api = async <T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; appUrl?: string } = {},
): Promise<ApiAnswer<T>> => {
  const res = await fetch(`${opts.appUrl ?? cloud().appUrl}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined || opts.rawBody !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
    },
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer<T>['body'] };
};

/** Polls until `check` returns a value or the deadline passes. */
export const eventually = async <T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  everyMs = 200,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

/** Waits until a job's queue holds no message, visible or in flight: every message sent was handled. */
export const queueDrained = (job: keyof LocalCloudInfo['resources']['queueUrls'], c: LocalCloudInfo = cloud()) =>
  eventually(async () => {
    const out = await clients(c).sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: c.resources.queueUrls[job],
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const a = out.Attributes ?? {};
    return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesNotVisible) === 0
      ? true
      : undefined;
  }, 60_000);

export interface SentMail {
  messageId: string;
  destination: { to: string[]; cc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Mail the product sent to an address, read from the local SES server's store. */
export const mailTo = async (address: string, c: LocalCloudInfo = cloud()): Promise<SentMail[]> => {
  const res = await fetch(`${c.endpoints.ses}/store`);
  const { emails } = (await res.json()) as { emails: SentMail[] };
  return emails.filter((e) => e.destination.to.includes(address));
};

/** Waits for the newest mail to an address whose subject matches. */
export const awaitMail = (address: string, subject: RegExp, c: LocalCloudInfo = cloud()) =>
  eventually(async () => (await mailTo(address, c)).filter((m) => subject.test(m.subject)).at(-1));

/** The token of the set-password link in a mail (invitation or administrator reset). */
export const setPasswordTokenIn = (mail: SentMail) =>
  /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')?.[1] ?? '';

export const codeIn = (mail: SentMail) => /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1] ?? '';
