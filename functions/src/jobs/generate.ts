import { z } from 'zod';
import { sqsJob } from './kit';

// Placeholder until the workspace work fills it in: fails, so nothing is lost (DLQ).
export const handler = sqsJob('generate', z.object({ orgId: z.string() }), async () => {
  throw new Error('generate job not implemented yet');
});
