import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { jobNames, jobs, type JobName } from '../../functions/src/jobs';
import { BackendFunction, type Backend } from './backend-function';
import type { JobQueues } from './job-queues';
import { pascal, recordOf } from './util';

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
    const entry = `functions/src/jobs/${job}.ts`;
    const fn = new BackendFunction(this, pascal(job), {
      entry,
      description: `Proofmark job ${job} (${entry})`,
      timeout: Duration.seconds(def.timeoutSeconds),
      memorySize: def.memoryMb,
      backend: props.backend,
    });
    fn.addEventSource(
      new SqsEventSource(props.queues.byJob[job].queue, {
        batchSize: def.batchSize,
        maxBatchingWindow: def.batchSize > maxUnwindowedBatch ? Duration.seconds(1) : undefined,
        // Only the records that failed return to the queue; the rest of the batch is done.
        reportBatchItemFailures: true,
      }),
    );
    return fn;
  }
}
