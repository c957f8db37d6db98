import { describe, expect, it } from 'vitest';
import { readFunctionConfig } from './function-config';
import { atExpression, scheduledMark, scheduleRequest } from './scheduler';

const at = new Date('2031-05-04T03:02:01.789Z');
const message = { orgId: 'org-1', runId: 'run-1' };
const awsEnvironment = {
  SCHEDULE_GROUP_NAME: 'proofmark-group',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  SCHEDULE_TARGET_ARN_ISSUE: 'arn:aws:sqs:eu-west-1:123456789012:proofmark-issue',
};

const aws = readFunctionConfig(awsEnvironment).scheduling;
const scheduling = (environment: Record<string, string>) => readFunctionConfig(environment).scheduling;

describe('scheduled jobs', () => {
  it('writes the at() expression in UTC without offset or fraction', () => {
    expect(atExpression(at)).toBe('at(2031-05-04T03:02:01)');
  });

  it('asks EventBridge Scheduler for a one-time delivery to the queue that deletes itself', () => {
    expect(scheduleRequest('issue', at, 'run-1', message, aws)).toEqual({
      GroupName: 'proofmark-group',
      Name: 'issue-run-1',
      ScheduleExpression: 'at(2031-05-04T03:02:01)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: awsEnvironment.SCHEDULE_TARGET_ARN_ISSUE,
        RoleArn: awsEnvironment.SCHEDULER_ROLE_ARN,
        Input: JSON.stringify(message),
        RetryPolicy: { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 },
      },
      ClientToken: 'issue-run-1',
    });
  });

  it('keeps names inside the 64 allowed characters', () => {
    const r = scheduleRequest('issue', at, `${'x'.repeat(70)}/#`, message, aws)!;
    expect(r.Name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
  });

  it('leaves scheduling to the index entry when no schedule group is configured', () => {
    expect(scheduleRequest('issue', at, 'run-1', message, scheduling({}))).toBeUndefined();
    expect(() =>
      scheduleRequest('issue', at, 'run-1', message, scheduling({ SCHEDULE_GROUP_NAME: 'g' })),
    ).toThrow(/SCHEDULER_ROLE_ARN/);
  });

  it('marks the record as due at its time, sortable by time', () => {
    expect(scheduledMark('issue', at, 'org-1', 'run-1', message)).toEqual({
      gsi2pk: 'SCHEDULED',
      gsi2sk: '2031-05-04T03:02:01.789Z#org-1#run-1',
      scheduledJob: 'issue',
      jobMessage: JSON.stringify(message),
    });
  });
});
