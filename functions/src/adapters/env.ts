import { envNames, type BucketName } from '../../../infra/resources';
import type { JobName } from '../jobs';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
};

/** Where this function's resources are. Read lazily so a missing variable fails the call that needs it. */
export const env = {
  tableName: () => required(envNames.table),
  bucket: (b: BucketName) => required(envNames.bucket(b)),
  queueUrl: (j: JobName) => required(envNames.queueUrl(j)),
  userPoolId: () => required(envNames.userPoolId),
  userPoolClientId: () => required(envNames.userPoolClientId),
  mailFrom: () => required(envNames.mailFrom),
  chainRpcUrl: () => required(envNames.chainRpcUrl),
  chainNetwork: () => process.env[envNames.chainNetwork] ?? 'localhost',
  publicBaseUrl: () => required(envNames.publicBaseUrl),
  appBaseUrl: () => required(envNames.appBaseUrl).replace(/\/+$/, ''),
  /** The HTTP/JSON programme source of API-mode organisations; unset: the bundled sample source. */
  programmeSourceUrl: () => process.env.PROGRAMME_SOURCE_URL?.replace(/\/+$/, '') || undefined,
  /** Where top-up requests go (§8 TOP UP); on one machine the local inbox shows them. */
  productTeamEmail: () => process.env.PRODUCT_TEAM_EMAIL || 'team@proofmark.local',
};
