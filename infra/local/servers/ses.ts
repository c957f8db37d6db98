import sesModule from 'aws-ses-v2-local';
import type { Server } from 'node:http';
import { HOST } from '../ports';
import type { RunningServer } from './child';
import { startSesEventProxy, type MailEvent } from '../ses-events';

const startSesServer = ((sesModule as { default?: unknown }).default ?? sesModule) as (c: {
  host: string;
  port: number;
}) => Promise<Server>;

/** aws-ses-v2-local: accepts SES v2 SendEmail, shows sent mail on its web page, GET /store for tests. */
/** What GetAccount answers locally: a sandbox account that may send, as a fresh AWS account would. */
const localAccount = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Proofmark on one machine',
    WebsiteURL: 'http://127.0.0.1',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: false,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

export const startSes = async (
  port: number,
): Promise<RunningServer & { port: number; setPublisher: (p: (e: MailEvent) => Promise<void>) => void }> => {
  process.env.AWS_SES_ACCOUNT = JSON.stringify(localAccount);
  // The SES server on a port of its own, behind the stand-in for event publishing (../ses-events.ts).
  const server = await startSesServer({ host: HOST, port: 0 });
  const inner = (server.address() as { port: number }).port;
  const proxy = await startSesEventProxy(port, HOST, `http://${HOST}:${inner}`);
  const close = (s: Server) =>
    new Promise<void>((resolve) => (s.closeAllConnections?.(), s.close(() => resolve())));
  return {
    name: 'ses',
    url: `http://${HOST}:${proxy.port}`,
    port: proxy.port,
    setPublisher: proxy.setPublisher,
    stop: async () => {
      await close(proxy.server);
      await close(server);
    },
  };
};
