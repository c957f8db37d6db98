import { routes } from '../../functions/src/routes';
import type { LambdaBundle } from '../bundling';

/** A call each bundle must answer cleanly once loaded, and what a clean answer is. */
export interface SmokeCall {
  event: unknown;
  /** Why this answer proves the bundle works. */
  expect: string;
  check: (answer: unknown) => boolean;
  /** The call reads the table, so the bundle is given the local cloud's environment. */
  needsCloud?: boolean;
}

export const httpEvent = (routeKey: string, body?: string) => {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'bundle-test'])),
    requestContext: {
      accountId: '123456789012',
      apiId: 'bundle-test',
      domainName: 'bundle.test',
      domainPrefix: 'bundle',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bundle-test' },
      requestId: 'bundle-test',
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
};

const statusOf = (answer: unknown) => (answer as { statusCode?: number } | undefined)?.statusCode;
const errorCodeOf = (answer: unknown): unknown => {
  try {
    return (JSON.parse((answer as { body: string }).body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};

export const MALFORMED_MESSAGE_ID = 'bundle-test-malformed';

/**
 * The health route answers 200 when every dependency is reachable (the test gives the bundle the
 * local cloud's environment); every other group answers its first route: 401 without a token for
 * a user route, 200 for a group of public reads only (given the local cloud's environment too), a
 * 4xx error for a public route given a body that is not JSON or a path parameter it refuses. A job is handed one
 * SQS message that is not JSON and must report exactly that message failed.
 */
export const smokeCallFor = (bundle: LambdaBundle): SmokeCall => {
  if (bundle.kind === 'job') {
    return {
      event: {
        Records: [
          {
            messageId: MALFORMED_MESSAGE_ID,
            receiptHandle: 'bundle-test',
            body: 'this is not a job message',
            attributes: { ApproximateReceiveCount: '1' },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:bundle-test',
            awsRegion: 'eu-west-1',
          },
        ],
      },
      expect: 'batchItemFailures naming the malformed message',
      check: (answer) =>
        JSON.stringify(answer) ===
        JSON.stringify({ batchItemFailures: [{ itemIdentifier: MALFORMED_MESSAGE_ID }] }),
    };
  }
  const group = bundle.name.slice('http/'.length);
  if (group === 'health') {
    return {
      event: httpEvent('GET /api/health'),
      expect: '200 from GET /api/health',
      check: (a) => statusOf(a) === 200,
      needsCloud: true,
    };
  }
  const route =
    routes.find((r) => r.group === group && r.auth === 'user') ?? routes.find((r) => r.group === group)!;
  const key = `${route.method} ${route.path}`;
  if (route.auth === 'user') {
    return {
      event: httpEvent(key),
      expect: `401 unauthorized from ${key} without a token`,
      check: (a) => statusOf(a) === 401 && errorCodeOf(a) !== undefined,
    };
  }
  if (route.method === 'GET' && !route.path.includes('{')) {
    // A public read (the plan catalogue) has no body to refuse: it must answer from the table.
    return {
      event: httpEvent(key),
      expect: `200 from ${key}`,
      check: (a) => statusOf(a) === 200,
      needsCloud: true,
    };
  }
  // A public route is given what it must refuse at the edge: a path parameter that names nothing
  // valid, or a body that is not JSON. It runs with the local cloud's environment, so a group that
  // needs its configuration (the Stripe webhook's signing secret) reaches its own refusal.
  const bad = route.method === 'GET' ? 'a path parameter it refuses' : 'a body that is not JSON';
  return {
    event: httpEvent(key, route.method === 'GET' ? undefined : 'this is not JSON'),
    expect: `a 4xx error from ${key} with ${bad}`,
    check: (a) => (statusOf(a) ?? 0) >= 400 && (statusOf(a) ?? 0) < 500 && errorCodeOf(a) !== undefined,
    needsCloud: true,
  };
};
