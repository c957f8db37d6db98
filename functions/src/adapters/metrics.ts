import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** The namespace of the product's own CloudWatch metrics. */
export const METRICS_NAMESPACE = 'Proofmark';

/**
 * What the job wrapper counts per job (dimension `job`): deliveries it started, deliveries that
 * failed (retried by SQS), and failed last deliveries (their message is parked in the dead-letter
 * queue). README's runbook names them.
 */
export const jobMetricNames = {
  started: 'JobRunsStarted',
  failed: 'JobRunsFailed',
  parked: 'JobRunsParked',
} as const;

export type JobCounts = Record<keyof typeof jobMetricNames, number>;

/**
 * A job's metrics in CloudWatch's embedded metric format: one JSON line in its log per invocation,
 * which CloudWatch turns into metrics with no API call. One instance per job, since the local
 * cloud runs every job side by side in one process.
 */
export const jobMetrics = (job: string) => {
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: 'proofmark',
    defaultDimensions: { job },
  });
  return {
    metrics,
    count: (counts: JobCounts) => {
      for (const [k, name] of Object.entries(jobMetricNames))
        metrics.addMetric(name, MetricUnit.Count, counts[k as keyof JobCounts]);
    },
  };
};
