import { createSqsServer } from 'local-aws-sqs';
import { HOST } from '../ports';
import type { RunningServer } from './child';

/**
 * local-aws-sqs keeps messages in memory only: queues are created again at each start by provisioning,
 * and the jobs keep their state in DynamoDB so nothing is lost across a restart.
 */
export const startSqs = async (port: number): Promise<RunningServer & { port: number }> => {
  const server = await createSqsServer({
    port,
    hostname: HOST,
    queues: [],
    emulateQueueCreationLifecycle: false,
  });
  const actual = (server.address() as { port: number }).port;
  return {
    name: 'sqs',
    url: `http://${HOST}:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => (server.closeAllConnections?.(), server.close(() => resolve()))),
  };
};
