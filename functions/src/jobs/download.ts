import { z } from 'zod';
import { sqsJob } from './kit';

// Placeholder until the workspace work fills it in: fails, so nothing is lost (DLQ).
export const handler = sqsJob('download', z.object({ orgId: z.string() }), async () => {
  throw new Error('download job not implemented yet');
});
