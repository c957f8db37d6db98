import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  StringAttribute,
  UserPool,
  UserPoolClient,
  type AuthFlow,
  type ICustomAttribute,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { userPool as poolDef } from '../resources';

type CustomAttributeName = keyof typeof poolDef.customAttributes;
const customAttributeNames = Object.keys(poolDef.customAttributes) as CustomAttributeName[];

// Only string attributes are declared today; a new type in resources.ts fails to compile here until mapped.
const customAttribute = (def: { type: 'String'; mutable: boolean }): ICustomAttribute =>
  new StringAttribute({ mutable: def.mutable });

const flagFor: Record<(typeof poolDef.authFlows)[number], keyof AuthFlow | undefined> = {
  USER_PASSWORD_AUTH: 'userPassword',
  // Cognito always allows refresh for a client; CDK adds ALLOW_REFRESH_TOKEN_AUTH on its own.
  REFRESH_TOKEN_AUTH: undefined,
};

/** Users and the SPA's app client. Accounts are created by our API (admin calls), never by self sign-up. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: Object.fromEntries(
        customAttributeNames.map((name) => [name, customAttribute(poolDef.customAttributes[name])]),
      ),
      // OWASP ASVS: length, not composition; common passwords are refused by our own code.
      passwordPolicy: {
        minLength: poolDef.passwordPolicy.minLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const authFlows: AuthFlow = Object.fromEntries(
      poolDef.authFlows.flatMap((flow) => {
        const flag = flagFor[flow];
        return flag ? [[flag, true]] : [];
      }),
    );

    this.client = this.userPool.addClient('Web', {
      generateSecret: false,
      authFlows,
      preventUserExistenceErrors: true,
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true })
        .withCustomAttributes(...customAttributeNames),
      // Left unset, Cognito lets users write every mutable attribute with their own access token —
      // custom:is_admin included. Names only; email and the custom claims change through our API.
      writeAttributes: new ClientAttributes().withStandardAttributes({ givenName: true, familyName: true }),
    });
  }

  /** The issuer the JWT authorizer trusts: ID tokens of this pool carry it as `iss`. */
  get issuerUrl(): string {
    return this.userPool.userPoolProviderUrl;
  }
}
