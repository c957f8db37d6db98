import { fromEnv } from '@aws-sdk/credential-provider-env';

/*
 * Stands in for `@aws-sdk/credential-provider-node` inside the Lambda bundles (infra/bundling.ts
 * aliases it). Every SDK client imports that default chain, which tries environment, SSO, INI files,
 * external processes, web identity (STS) and instance metadata, and brings the SSO and STS clients
 * with it: ~105 kB in every bundle. In Lambda only its first link can ever answer — the runtime puts
 * the execution role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN —
 * so the bundles get that link alone. Code run outside a bundle (npm start, tests, scripts) keeps
 * the SDK's full chain.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]): ReturnType<typeof fromEnv> => fromEnv(init);
