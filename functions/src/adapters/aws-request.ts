/*
 * One client per service per process (Lambda reuses them across invocations), one module per client
 * so that a bundle carries only the SDK clients its code calls. Endpoints come from the SDK's
 * standard AWS_ENDPOINT_URL_<SERVICE> variables, which the local cloud sets; in AWS they are unset.
 * The SDK has no default connection or request timeout, and a server that never answers (or a
 * connection that never opens) must not hang a job: both end in an error the job retries.
 */
export const requestHandler = {
  connectionTimeout: 3_000,
  requestTimeout: 30_000,
  throwOnRequestTimeout: true,
};
