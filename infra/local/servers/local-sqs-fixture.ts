import { afterAll, beforeAll } from 'vitest';
import { SQSClient } from '@aws-sdk/client-sqs';
import { freePort } from '../ports';
import { localClientConfig } from '../provision';
import { startSqs } from './sqs';

/**
 * For a test file of the local cloud's own queue code: the local SQS server on a free port and a
 * client of it, started before the file's tests and stopped after them. `sqs` is set once started.
 */
export const withLocalSqs = () => {
  const local = {} as { sqs: SQSClient };
  let server: Awaited<ReturnType<typeof startSqs>> | undefined;
  beforeAll(async () => {
    server = await startSqs(await freePort());
    local.sqs = new SQSClient(localClientConfig(server.url));
  });
  afterAll(async () => {
    local.sqs?.destroy();
    await server?.stop();
  });
  return local;
};
