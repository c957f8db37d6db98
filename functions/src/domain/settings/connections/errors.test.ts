import { describe, expect, it } from 'vitest';
import { describeConnectionError, redact } from './errors';

const err = (props: Record<string, unknown>, message = 'boom') => Object.assign(new Error(message), props);

describe('connection error descriptions', () => {
  it('explains network failures, also when wrapped', () => {
    expect(describeConnectionError(err({ code: 'ECONNREFUSED' }))).toMatch(/refused the connection/);
    expect(describeConnectionError(new AggregateError([err({ code: 'ECONNREFUSED' })], ''))).toMatch(
      /refused the connection/,
    );
    expect(
      describeConnectionError(err({ code: 'REQUEST_SEND_ERROR' }, 'connect ECONNREFUSED 127.0.0.1:1')),
    ).toMatch(/refused the connection/);
    expect(describeConnectionError(err({ code: 'ENOTFOUND' }))).toBe('the host name could not be found.');
    expect(describeConnectionError(err({ name: 'TimeoutError' }))).toBe('the server did not answer in time.');
    expect(describeConnectionError(err({}, 'outer'))).toBe('outer');
    expect(describeConnectionError(new Error('wrapper', { cause: err({ code: 'ETIMEDOUT' }) }))).toBe(
      'the server did not answer in time.',
    );
  });

  it('explains refused credentials per service', () => {
    expect(describeConnectionError(err({ code: 'EAUTH', responseCode: 535 }))).toMatch(/refused the sign-in/);
    expect(describeConnectionError(err({ code: 530 }))).toBe(
      'the FTP server refused the user name or password.',
    );
    expect(describeConnectionError(err({ code: 553 }))).toMatch(/refused to write/);
    expect(
      describeConnectionError(err({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } })),
    ).toBe('the secret key does not match the access key.');
    expect(describeConnectionError(err({ name: 'InvalidAccessKeyId' }))).toMatch(/access key is not known/);
    expect(describeConnectionError(err({ name: 'NoSuchBucket' }))).toBe('the bucket does not exist.');
    expect(
      describeConnectionError(err({ name: 'RestError', statusCode: 403, code: 'AuthorizationFailure' })),
    ).toMatch(/refused the key/);
    expect(describeConnectionError(err({ oauthError: 'invalid_client', status: 401 }))).toBe(
      'the client id or client secret was refused.',
    );
    expect(
      describeConnectionError(err({ response: { status: 400, data: { error: 'invalid_grant' } } })),
    ).toMatch(/refresh token or credential was refused/);
    expect(
      describeConnectionError(err({ response: { status: 403, data: { error: { message: 'nope' } } } })),
    ).toMatch(/denied access/);
  });

  it('explains local folder problems', () => {
    expect(describeConnectionError(err({ code: 'ENOENT' }))).toBe('the folder does not exist.');
    expect(describeConnectionError(err({ code: 'EACCES' }))).toBe('the folder is not writable by Proofmark.');
    expect(describeConnectionError(err({ code: 'ENOTDIR' }))).toBe('the path is not a folder.');
  });

  it('never repeats a secret from an unknown error', () => {
    expect(describeConnectionError(new Error('login as bob with hunter22 failed'), ['hunter22'])).toBe(
      'login as bob with *** failed',
    );
    expect(redact('a-b-a', ['a'])).toBe('a-b-a');
  });
});
