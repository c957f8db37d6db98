import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { requestHandler } from './aws-request';

let cognito: CognitoIdentityProviderClient | undefined;

export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({ requestHandler }));
