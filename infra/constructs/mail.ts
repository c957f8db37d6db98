import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
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
