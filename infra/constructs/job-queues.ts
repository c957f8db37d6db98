import { Duration, Tags } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobNames, type JobName } from '../../functions/src/jobs';
import { queueFor } from '../resources';
import { pascal, recordOf } from './util';

export interface JobQueue {
  queue: Queue;
  deadLetterQueue: Queue;
}

/**
 * One queue and dead-letter queue per job of jobs.ts. Created before any function, because every
 * function (HTTP or job) may enqueue any job and so needs every queue URL.
 */
export class JobQueues extends Construct {
  readonly byJob: Record<JobName, JobQueue>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.byJob = recordOf(jobNames, (job) => this.queuesFor(job));
  }

  get queues(): Queue[] {
    return Object.values<JobQueue>(this.byJob).map((q) => q.queue);
  }

  private queuesFor(job: JobName): JobQueue {
    const def = queueFor(job);
    const deadLetterQueue = new Queue(this, `${pascal(job)}Dlq`, {
      retentionPeriod: Duration.days(def.dlqRetentionDays),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new Queue(this, pascal(job), {
      // Longer than any run of the job, so a message is not redelivered while still being worked on.
      visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Tags.of(queue).add('proofmark:queue', job);
    Tags.of(deadLetterQueue).add('proofmark:queue', `${job}-dlq`);
    return { queue, deadLetterQueue };
  }
}
