import * as z from 'zod';
import { envelope } from './envelope';

export const dependencyNames = ['dynamodb', 's3', 'sqs', 'cognito', 'ses', 'chain'] as const;
export type DependencyName = (typeof dependencyNames)[number];

export const dependencyHealth = z.object({ up: z.boolean(), ms: z.number(), error: z.string().optional() });
export const healthData = z.object({
  status: z.enum(['up', 'degraded']),
  dependencies: z.record(z.enum(dependencyNames), dependencyHealth),
});
export const healthResponse = envelope(healthData);
export type HealthResponse = z.infer<typeof healthResponse>;

/** The wiring probe: proves token → DynamoDB → SQS → job → S3 → read back. */
export const createProbeRequest = z.object({ note: z.string().trim().min(1).max(500) });
export type CreateProbeRequest = z.infer<typeof createProbeRequest>;

export const probe = z.object({
  id: z.string(),
  note: z.string(),
  state: z.enum(['queued', 'done']),
  createdAt: z.string(),
  /** What the job wrote to S3, once it ran. */
  artefact: z.object({ key: z.string(), body: z.string() }).optional(),
});
export type Probe = z.infer<typeof probe>;
