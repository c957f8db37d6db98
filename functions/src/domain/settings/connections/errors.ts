/**
 * Turns what a storage, mail or token client threw into one plain sentence for the person who
 * typed the settings — never a stack trace, never a secret. Pure, so each case is unit-tested.
 */

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  responseCode?: unknown;
  statusCode?: unknown;
  status?: unknown;
  oauthError?: unknown;
  response?: { status?: unknown; data?: unknown };
  $metadata?: { httpStatusCode?: unknown };
  cause?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps (causes, AggregateError members), outermost first. */
const chain = (err: unknown, depth = 0): ErrorLike[] => {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const e = err as ErrorLike;
  const inner = [...(Array.isArray(e.errors) ? e.errors : []), ...(e.cause ? [e.cause] : [])];
  return [e, ...inner.flatMap((i) => chain(i, depth + 1))];
};

const networkReasons: [RegExp, string][] = [
  [/ECONNREFUSED/, 'the server refused the connection. Check the host name and port.'],
  [/ENOTFOUND|EAI_AGAIN/, 'the host name could not be found.'],
  [
    /ETIMEDOUT|ESOCKETTIMEDOUT|ETIMEOUT|TimeoutError|timed? ?out|AbortError/i,
    'the server did not answer in time.',
  ],
  [/ECONNRESET|EPIPE|socket hang up/i, 'the server closed the connection.'],
  [/EHOSTUNREACH|ENETUNREACH/, 'the server cannot be reached from here.'],
  [/CERT_|self[- ]signed|SSL|TLS/i, 'the secure connection failed (certificate or TLS problem).'],
];

const s3Reasons: Record<string, string> = {
  InvalidAccessKeyId: 'the access key is not known to the storage service.',
  SignatureDoesNotMatch: 'the secret key does not match the access key.',
  NoSuchBucket: 'the bucket does not exist.',
  AccessDenied: 'access was denied: the key may not write and delete files in this bucket.',
  PermanentRedirect: 'the bucket is in another region.',
  AuthorizationHeaderMalformed: 'the bucket is in another region.',
  InvalidBucketName: 'the bucket name is not valid.',
};

const firstLine = (text: string) => text.split('\n')[0]!.trim().slice(0, 160);

/** Replaces every known secret value in a text. */
export const redact = (text: string, secrets: readonly string[]) =>
  secrets.filter((s) => s.length >= 3).reduce((t, s) => t.split(s).join('***'), text);

export const describeConnectionError = (err: unknown, secrets: readonly string[] = []): string => {
  const all = chain(err);
  const codes = all.flatMap((e) => [e.code, e.name].filter((c): c is string => typeof c === 'string'));
  const text = [...codes, ...all.map((e) => (typeof e.message === 'string' ? e.message : ''))].join(' ');

  // Local folders
  if (codes.includes('ENOENT')) return 'the folder does not exist.';
  if (codes.includes('ENOTDIR')) return 'the path is not a folder.';
  if (codes.some((c) => c === 'EACCES' || c === 'EPERM' || c === 'EROFS'))
    return 'the folder is not writable by Proofmark.';
  if (codes.includes('EEXIST')) return 'a test file of the same name is in the way; try again.';

  // Mail (nodemailer)
  if (codes.includes('EAUTH'))
    return 'the mail server refused the sign-in (user name, password or OAuth token).';
  if (codes.includes('EENVELOPE')) return 'the mail server refused the sender or recipient address.';
  if (codes.includes('ENOAUTH')) return 'the mail settings have no credentials.';

  for (const e of all) {
    // FTP (basic-ftp): numeric reply codes
    if (typeof e.code === 'number') {
      if (e.code === 530) return 'the FTP server refused the user name or password.';
      if (e.code >= 550 && e.code <= 553)
        return 'the FTP server refused to write the test file: check the account’s permissions.';
      if (e.code >= 400) return `the FTP server answered ${e.code}.`;
    }
    // S3 and S3-compatible services
    if (typeof e.name === 'string' && s3Reasons[e.name]) return s3Reasons[e.name]!;
    // Azure (RestError)
    if (e.code === 'AuthenticationFailed' || (e.name === 'RestError' && e.statusCode === 403))
      return 'the storage account refused the key in the connection string.';
    if (e.name === 'RestError' && typeof e.statusCode === 'number' && e.statusCode >= 400)
      return `the storage service answered ${e.statusCode}.`;
    // OAuth token endpoints (ours and Google's)
    const oauth = typeof e.oauthError === 'string' ? e.oauthError : undefined;
    const gerror = (e.response?.data as { error?: unknown } | undefined)?.error;
    const oauthCode = oauth ?? (typeof gerror === 'string' ? gerror : undefined);
    if (oauthCode === 'invalid_client' || oauthCode === 'unauthorized_client')
      return 'the client id or client secret was refused.';
    if (oauthCode === 'invalid_grant')
      return 'the refresh token or credential was refused (it may have expired or been revoked).';
    if (oauthCode) return `the token endpoint refused the request (${oauthCode}).`;
    const status = e.response?.status ?? e.status ?? e.$metadata?.httpStatusCode;
    if (status === 401) return 'the service refused the credentials.';
    if (status === 403) return 'the service denied access with these credentials.';
    if (status === 404) return 'the service answered “not found”: check the address.';
    if (typeof status === 'number' && status >= 400) return `the service answered ${status}.`;
  }

  for (const [pattern, reason] of networkReasons) if (pattern.test(text)) return reason;
  const message = all
    .map((e) => e.message)
    .find((msg): msg is string => typeof msg === 'string' && msg.length > 0);
  return message ? `${redact(firstLine(message), secrets)}` : 'the connection failed.';
};
