import { completeProbe } from '../domain/probes';
import { sqsJob } from './sqs-job';

export const handler = sqsJob('probe', (m) => completeProbe(m.orgId, m.probeId));
