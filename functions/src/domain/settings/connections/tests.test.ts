import { describe, expect, it } from 'vitest';
import { AppError } from '@proofmark/shared/errors';
import { storageRequest } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { SecretField } from '@proofmark/shared/settings/rules';
import { describeConnectionError } from './errors';
import { withDeadline } from './tests';
import { smtpConfigFor } from './mail';
import { AZURE_CONTAINER, savedStorageRequest, storageTargetFor } from './storage';

const stored =
  (values: Partial<Record<SecretField, string>>) =>
  async (f: SecretField): Promise<string | undefined> =>
    values[f];
const block = (body: unknown) => storageRequest.parse(body);
const failsWith = async (p: Promise<unknown>, message: string) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).message).toBe(message);
};

describe('the storage a Test connection uses', () => {
  it("is the saved one when the form sends none, Proofmark's bucket by default", () => {
    expect(savedStorageRequest({})).toMatchObject({ key: 's3information', choice: 'proofmark' });
    expect(
      savedStorageRequest({
        storagetype: 1,
        proofmarkorcustomer: 'customer',
        awsaccesskey: 'A',
        s3bucketname: 'bucket',
        awsregion: 'eu-west-1',
        s3endpoint: '',
      }),
    ).toMatchObject({
      key: 's3information',
      choice: 'customer',
      bucket: 'bucket',
    });
    expect(savedStorageRequest({ storagetype: 4, ftphost: 'h:2121', ftpuser: 'u' })).toMatchObject({
      key: 'ftpinformation',
      host: 'h:2121',
    });
    expect(savedStorageRequest({ storagetype: 5 })).toBeUndefined();
  });

  it('takes each secret the form leaves empty from the stored ones', async () => {
    const s3 = block({
      key: 's3information',
      choice: 'customer',
      accesskey: 'A',
      bucket: 'bucket',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
    });
    expect(await storageTargetFor(s3, stored({ awssecretkey: 'stored' }))).toEqual({
      kind: 's3',
      bucket: 'bucket',
      region: 'eu-west-1',
      accessKeyId: 'A',
      secretAccessKey: 'stored',
      endpoint: 'http://127.0.0.1:9000',
    });
    await failsWith(storageTargetFor(s3, stored({})), m.awsSecretKeyRequired);
    expect(
      await storageTargetFor(
        block({ key: 'ftpinformation', host: 'ftp.example.test', user: 'u', password: 'typed' }),
        stored({ ftppassword: 'old' }),
      ),
    ).toEqual({
      kind: 'ftp',
      host: 'ftp.example.test',
      port: 21,
      user: 'u',
      password: 'typed',
    });
    expect(
      await storageTargetFor(
        block({ key: 'ftpinformation', host: 'h:2121', user: 'u' }),
        stored({ ftppassword: 'old' }),
      ),
    ).toMatchObject({ port: 2121, password: 'old' });
    expect(
      await storageTargetFor(
        block({ key: 'azureinformation' }),
        stored({ azureConnectionString: 'AccountName=a' }),
      ),
    ).toEqual({
      kind: 'azure',
      container: AZURE_CONTAINER,
      connectionString: 'AccountName=a',
    });
    await failsWith(
      storageTargetFor(block({ key: 'gdriveinformation' }), stored({ gdriveCredential: '{}' })),
      m.gdriveBothRequired,
    );
    expect(await storageTargetFor(block({ key: 's3information', choice: 'proofmark' }), stored({}))).toEqual({
      kind: 'proofmark',
    });
  });
});

describe('the mail settings Send test email uses', () => {
  it('says what is missing', async () => {
    await failsWith(smtpConfigFor({}, stored({})), m.mailNotConfigured);
    await failsWith(
      smtpConfigFor({ smtptype: 0, smtphost: 'h', smtpport: 25, smtpusername: 'u' }, stored({})),
      m.smtpIncomplete,
    );
    await failsWith(
      smtpConfigFor({ smtptype: 1, smtpusername: 'u', smtpclientid: 'c' }, stored({ smtpclientsecret: 's' })),
      m.oauthIncomplete,
    );
    await failsWith(
      smtpConfigFor({ isoffice365: 1, office365from: 'a@b.test' }, stored({})),
      m.office365NoToken,
    );
  });

  it("defaults OAuth to Gmail's SMTP server", async () => {
    expect(
      await smtpConfigFor(
        { smtptype: 1, smtpusername: 'me@gmail.example', smtpclientid: 'c', smtphost: '', smtpport: null },
        stored({ smtpclientsecret: 's', smtprefreshtoken: 'r' }),
      ),
    ).toEqual({
      kind: 'oauth',
      host: 'smtp.gmail.com',
      port: 465,
      user: 'me@gmail.example',
      clientId: 'c',
      clientSecret: 's',
      refreshToken: 'r',
    });
  });

  it('uses the password block and the Office 365 token as saved', async () => {
    expect(
      await smtpConfigFor(
        { smtptype: 0, smtphost: 'h', smtpport: 587, smtpusername: 'u' },
        stored({ smtppassword: 'p' }),
      ),
    ).toEqual({ kind: 'password', host: 'h', port: 587, user: 'u', pass: 'p' });
    expect(
      await smtpConfigFor(
        { isoffice365: 1, office365from: 'a@b.test', smtptype: 0 },
        stored({ office365accesstoken: 't' }),
      ),
    ).toEqual({ kind: 'office365', user: 'a@b.test', accessToken: 't' });
  });
});

describe('the deadline of a test', () => {
  it('ends a test that hangs with a "did not answer in time" reason', async () => {
    const hung = new Promise(() => {});
    const err = await withDeadline(hung, 20).catch((e: unknown) => e);
    expect(describeConnectionError(err)).toBe('the server did not answer in time.');
    expect(await withDeadline(Promise.resolve(7), 20)).toBe(7);
  });
});
