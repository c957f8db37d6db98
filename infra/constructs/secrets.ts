import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/** The key that encrypts organisations' secrets (SMTP, storage, payment and issuing keys) before they reach the table. */
export class Secrets extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: 'Proofmark: envelope key for organisation secrets',
      enableKeyRotation: true,
      // Losing the key makes every stored secret unreadable, including issuing keys.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
