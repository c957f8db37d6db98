import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The platform's Stripe account, as one Secrets Manager secret holding JSON:
 * `{"publishableKey":"pk_…","secretKey":"sk_…","webhookSecret":"whsec_…"}`. The stack creates it
 * with empty keys (no key is ever in code or in the template); the operator writes the real ones with
 * `aws secretsmanager put-secret-value` (README, Payments in AWS). Until then checkout and the
 * webhook answer 503 "Payments are not set up on this installation yet.". Only the functions that
 * pay may read it (infra/permissions.ts `stripe`); they read it at cold start
 * (functions/src/adapters/stripe-keys.ts).
 */
export class StripeKeys extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Proofmark: the platform Stripe keys (publishableKey, secretKey, webhookSecret), set by the operator',
      generateSecretString: {
        // The template the operator replaces; the generated field only fills the required random part.
        secretStringTemplate: JSON.stringify({ publishableKey: '', secretKey: '', webhookSecret: '' }),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
      // Deleting the stack must not lose the keys a running account was configured with.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
