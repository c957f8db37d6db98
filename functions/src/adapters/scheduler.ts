import {
  CreateScheduleCommand,
  SchedulerClient,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { schedulingEnvNames } from '../environment-names';
import { functionConfig, type SchedulingSettings } from './function-config';
import type { JobName } from '../jobs';
import type { JobMessage } from '../job-messages';

/**
 * Work to run later (scheduled issuance). Both clouds keep the same index entry on the record that
 * drives the job — gsi2 `SCHEDULED` / `<iso time>#<org>#<id>` with the job's message — so the
 * record says what is due whatever happens. In AWS an EventBridge Scheduler one-time schedule
 * delivers the message to the job's queue at that time and deletes itself; on one machine
 * infra/local/scheduler.ts polls the index instead. Which of the two is decided by the environment
 * the stack gives the HTTP functions (SCHEDULE_GROUP_NAME), not by asking "am I local?".
 */
export const SCHEDULED_PK = 'SCHEDULED';

export const scheduledMark = <J extends JobName>(
  job: J,
  at: Date,
  orgId: string,
  id: string,
  message: JobMessage<J>,
) => ({
  gsi2pk: SCHEDULED_PK,
  gsi2sk: `${at.toISOString()}#${orgId}#${id}`,
  scheduledJob: job,
  jobMessage: JSON.stringify(message),
});

/** `at(...)` takes a local date-time without offset, read in ScheduleExpressionTimezone. */
export const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

/** The CreateSchedule request of one delivery (pure, so its shape is unit-tested). */
export const scheduleRequest = <J extends JobName>(
  job: J,
  at: Date,
  name: string,
  message: JobMessage<J>,
  scheduling: SchedulingSettings = functionConfig().scheduling,
): CreateScheduleCommandInput | undefined => {
  const { group, roleArn } = scheduling;
  if (!group) return undefined;
  const targetArn = scheduling.targetArn(job);
  if (!roleArn || !targetArn)
    throw new Error(
      `${schedulingEnvNames.roleArn} and ${schedulingEnvNames.targetArn(job)} must be set with ${schedulingEnvNames.group}`,
    );
  return {
    GroupName: group,
    // Schedule names are at most 64 characters: [0-9a-zA-Z-_.]
    Name: `${job}-${name}`.replace(/[^0-9A-Za-z_.-]/g, '-').slice(0, 64),
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: targetArn,
      RoleArn: roleArn,
      Input: JSON.stringify(message),
      // The job is idempotent, and a schedule that cannot deliver should still try for a while.
      RetryPolicy: { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 },
    },
    // The same name twice (a retried request) is one schedule.
    ClientToken: `${job}-${name}`.slice(0, 64),
  };
};

let client: SchedulerClient | undefined;

/** Creates the AWS schedule; without one configured, the index entry alone is the schedule. */
export const scheduleJob = async <J extends JobName>(
  job: J,
  at: Date,
  name: string,
  message: JobMessage<J>,
): Promise<void> => {
  const request = scheduleRequest(job, at, name, message);
  if (!request) return;
  client ??= new SchedulerClient({ requestHandler: { requestTimeout: 30_000, throwOnRequestTimeout: true } });
  try {
    await client.send(new CreateScheduleCommand(request));
  } catch (err) {
    // Created by an earlier attempt of the same request.
    if ((err as { name?: string }).name !== 'ConflictException') throw err;
  }
};
