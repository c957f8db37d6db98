import { Duration } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { jobNames, jobs, type JobName } from '../../functions/src/jobs';
import { chromiumJobs, jobBundle } from '../bundling';
import { jobAccess } from '../permissions';
import { BackendFunction, type Backend } from './backend-function';
import type { JobQueues } from './job-queues';
import { pascal, recordOf } from './util';

/**
 * Jobs that render with Chromium get @sparticuz/chromium installed beside the bundle (infra/bundling.ts)
 * and run on x86_64, because that package ships an x64 build only.
 */
export { chromiumJobs } from '../bundling';

/** SQS allows more than 10 messages per batch only with a batching window. */
const maxUnwindowedBatch = 10;

export interface JobWorkersProps {
  queues: JobQueues;
  backend: Backend;
}

/** One Lambda per job of jobs.ts, fed by the job's queue and reporting partial batch failures. */
export class JobWorkers extends Construct {
  readonly functions: Record<JobName, BackendFunction>;

  constructor(scope: Construct, id: string, props: JobWorkersProps) {
    super(scope, id);
    this.functions = recordOf(jobNames, (job) => this.worker(job, props));
  }

  private worker(job: JobName, props: JobWorkersProps): BackendFunction {
    const def = jobs[job];
    const bundle = jobBundle(job);
    const fn = new BackendFunction(this, pascal(job), {
      bundle,
      description: `Proofmark job ${job} (${bundle.entry})`,
      timeout: Duration.seconds(def.timeoutSeconds),
      memorySize: def.memoryMb,
      backend: props.backend,
      access: jobAccess[job],
      ...(chromiumJobs.includes(job) ? { architecture: Architecture.X86_64 } : {}),
    });
    fn.addEventSource(
      new SqsEventSource(props.queues.byJob[job].queue, {
        batchSize: def.batchSize,
        ...('concurrency' in def ? { maxConcurrency: def.concurrency } : {}),
        maxBatchingWindow: def.batchSize > maxUnwindowedBatch ? Duration.seconds(1) : undefined,
        // Only the records that failed return to the queue; the rest of the batch is done.
        reportBatchItemFailures: true,
      }),
    );
    return fn;
  }
}
