import sesModule from 'aws-ses-v2-local';
import type { Server } from 'node:http';
import { HOST } from '../ports';
import type { RunningServer } from './child';

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

export const startSes = async (port: number): Promise<RunningServer & { port: number }> => {
  process.env.AWS_SES_ACCOUNT = JSON.stringify(localAccount);
  const server = await startSesServer({ host: HOST, port });
  const actual = (server.address() as { port: number }).port;
  return {
    name: 'ses',
    url: `http://${HOST}:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => (server.closeAllConnections?.(), server.close(() => resolve()))),
  };
};
