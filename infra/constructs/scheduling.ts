import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';

/** Environment of functions that create schedules (scheduled issuance): see resources.ts. */
export { schedulingEnvNames } from '../resources';

export interface SchedulingProps {
  /** The queues a schedule may deliver to. */
  targets: IQueue[];
}

/** EventBridge Scheduler: a group for our schedules and the role they run as, which may only send to the job queues. */
export class Scheduling extends Construct {
  readonly group: CfnScheduleGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new CfnScheduleGroup(this, 'Group', {});
    this.role = new Role(this, 'TargetRole', {
      description: 'Assumed by EventBridge Scheduler to deliver scheduled jobs to their queues',
      // Confused-deputy guard: only schedules of this account may use the role.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    for (const queue of props.targets) queue.grantSendMessages(this.role);
  }

  get groupName(): string {
    return this.group.ref;
  }

  /** Lets a function create, change and delete schedules in our group, handing them our target role. */
  grantManageSchedules(grantee: IGrantable): void {
    const scheduleArn = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.groupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ],
        resources: [scheduleArn],
      }),
    );
    this.role.grantPassRole(grantee.grantPrincipal);
  }
}
