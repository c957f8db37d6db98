import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface MailProps {
  /** The From address of platform mail. */
  from: string;
  /** Verify the whole domain (DKIM records to publish) instead of the single address. */
  domain?: string;
}

/** The SES identity platform mail is sent from (organisations with their own SMTP settings bypass it). */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly from: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    if (props.domain && !props.from.toLowerCase().endsWith(`@${props.domain.toLowerCase()}`)) {
      throw new Error(
        `mailFrom ${props.from} is not an address of mailDomain ${props.domain}: SES would refuse to send`,
      );
    }
    this.from = props.from;
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domain ? Identity.domain(props.domain) : Identity.email(props.from),
    });
  }
}

export interface MailEventsProps {
  /** The mailevents job's queue (functions/src/jobs.ts). */
  queue: IQueue;
}

/**
 * SES event publishing of tracked mails (engagement analytics): a configuration set whose delivery,
 * bounce and complaint events go to an SNS topic, delivered raw (the event JSON itself) to the
 * mailevents job's queue. On one machine infra/local/ses-events.ts stands in for all three.
 */
export class MailEvents extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet');
    this.topic = new Topic(this, 'Events', { enforceSSL: true });
    this.configurationSet.addEventDestination('ToTopic', {
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.topic.addSubscription(new SqsSubscription(props.queue, { rawMessageDelivery: true }));
  }
}
