import * as z from 'zod';
import { envelope } from './envelope';
import { anyone, defineRoutes } from './define';

export const dependencyNames = ['dynamodb', 's3', 'sqs', 'cognito', 'ses', 'chain'] as const;
export type DependencyName = (typeof dependencyNames)[number];

export const dependencyHealth = z.object({ up: z.boolean(), ms: z.number(), error: z.string().optional() });
export const healthData = z.object({
  status: z.enum(['up', 'degraded']),
  dependencies: z.record(z.enum(dependencyNames), dependencyHealth),
});
export const healthResponse = envelope(healthData);
export type HealthResponse = z.infer<typeof healthResponse>;

/** /api/health. */
export const systemRoutes = defineRoutes({
  // 503 with the same Data when a dependency is down.
  'GET /api/health': { access: anyone, data: healthData },
});
