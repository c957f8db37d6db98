import { z } from 'zod';
import { sqsJob } from './kit';

// Placeholder until the workspace work fills it in: fails, so nothing is lost (DLQ).
export const handler = sqsJob('send', z.object({ orgId: z.string() }), async () => {
  throw new Error('send job not implemented yet');
});
