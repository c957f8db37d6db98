import * as z from 'zod';
import { completeProbe } from '../domain/probes';
import { sqsJob } from './kit';

export const handler = sqsJob(
  'probe',
  z.object({ orgId: z.string().min(1), probeId: z.string().min(1) }),
  (m) => completeProbe(m.orgId, m.probeId),
);
