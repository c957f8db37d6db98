import { Duration } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { JobQueue } from './job-queues';
import { pascal } from './util';

export interface MonitoringProps {
  /** The alarm topic's name (context `alarmTopicName`). */
  topicName: string;
  /** An address subscribed to the topic (context `alarmEmail`), if given. */
  email?: string;
  queues: Record<string, JobQueue>;
  /** Every function by a unique name (`http/<group>`, `jobs/<job>`). */
  functions: Record<string, IFunction>;
  api: HttpApi;
}

/** Share of API answers that may be 5xx over five minutes before the operator is told. */
export const API_5XX_PERCENT = 1;
const FIVE_MINUTES = Duration.minutes(5);

/**
 * What tells the operator something went wrong, to one SNS topic: a message parked in any
 * dead-letter queue (its job failed every delivery; `npm run dlq` lists and redrives it), any error
 * or throttle of any function (one alarm each), and the API's 5xx rate. Alarms stay quiet without data (a queue
 * nobody used, a function never called).
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    // CloudWatch publishes to an encrypted topic only with a key whose policy lets it: not aws/sns.
    const key = new Key(this, 'TopicKey', {
      description: 'Proofmark: encrypts the alarm topic',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Alarms', {
      topicName: props.topicName,
      displayName: 'Proofmark alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);

    const alarm = (id: string, metric: IMetric, description: string, threshold = 0) => {
      const a = new Alarm(this, id, {
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(action);
      this.alarms.push(a);
    };

    for (const [job, { deadLetterQueue }] of Object.entries(props.queues)) {
      alarm(
        `${pascal(job)}DeadLetters`,
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          statistic: 'Maximum',
        }),
        `A ${job} message is parked in its dead-letter queue: npm run dlq -- list --aws shows it.`,
      );
    }
    // One alarm per function on errors and throttles together: two each would take the stack near
    // CloudFormation's 500 resources (it has some 400 without alarms; the routes alone are 100).
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${pascal(name)}Failures`,
        new MathExpression({
          expression: 'errors + throttles',
          usingMetrics: {
            errors: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
            throttles: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
          },
          period: FIVE_MINUTES,
          label: `${name} errors and throttles`,
        }),
        `${name} failed or was throttled.`,
      );
    }
    alarm(
      'Api5xxRate',
      new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          requests: props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        period: FIVE_MINUTES,
        label: 'API 5xx (%)',
      }),
      `More than ${API_5XX_PERCENT}% of API answers were 5xx.`,
      API_5XX_PERCENT,
    );
  }
}
