import { describe, expect, it } from 'vitest';
import { updateProfileRequest } from '@proofmark/shared/contract/profile';
import { settingsChangeFor } from './org-settings';

const change = (body: unknown) => settingsChangeFor(updateProfileRequest.parse(body));

describe('saving a settings block', () => {
  it("blanks the customer's S3 fields and forgets its key when Proofmark's bucket is chosen (spec §4)", () => {
    expect(
      change({
        key: 's3information',
        choice: 'proofmark',
        accesskey: 'AKIA',
        secretkey: 'typed',
        bucket: 'b-1',
        region: 'r',
      }),
    ).toEqual({
      set: {
        storagetype: 1,
        proofmarkorcustomer: 'proofmark',
        awsaccesskey: '',
        s3bucketname: '',
        awsregion: '',
        s3endpoint: '',
      },
      secrets: {},
      forget: ['awssecretkey'],
    });
  });

  it('stores a customer bucket with its secret apart from the fields', () => {
    const c = change({
      key: 's3information',
      choice: 'customer',
      accesskey: 'AKIA',
      secretkey: 'sekret',
      bucket: 'b-1',
      region: 'eu-west-1',
      endpoint: 'https://s3.example.test/',
    });
    expect(c.set).toEqual({
      storagetype: 1,
      proofmarkorcustomer: 'customer',
      awsaccesskey: 'AKIA',
      s3bucketname: 'b-1',
      awsregion: 'eu-west-1',
      s3endpoint: 'https://s3.example.test',
    });
    expect(c.secrets).toEqual({ awssecretkey: 'sekret' });
    expect(JSON.stringify(c.set)).not.toContain('sekret');
  });

  it('keeps stored secrets that are not typed again', () => {
    expect(
      change({ key: 'smtp', type: 'pwd', host: 'smtp.example.test', port: 587, username: 'u', password: '' })
        .secrets,
    ).toEqual({});
    expect(change({ key: 'gdriveinformation', token: '{"refresh_token":"r"}' }).secrets).toEqual({
      gdriveToken: '{"refresh_token":"r"}',
    });
  });

  it('sets the storage type of the block saved, and the mail service', () => {
    expect(change({ key: 'azureinformation', connectionstring: 'AccountName=a;AccountKey=b' }).set).toEqual({
      storagetype: 2,
    });
    expect(change({ key: 'gdriveinformation' }).set).toEqual({ storagetype: 3 });
    expect(change({ key: 'ftpinformation', host: 'h:21', user: 'u' }).set).toEqual({
      storagetype: 4,
      ftphost: 'h:21',
      ftpuser: 'u',
    });
    expect(change({ key: 'localinformation', path: '/srv' }).set).toEqual({
      storagetype: 5,
      localpath: '/srv',
    });
    expect(change({ key: 'smtp', type: 'oauth' }).set).toMatchObject({
      isoffice365: 0,
      smtptype: 1,
      smtpport: null,
    });
    expect(change({ key: 'office365', clientid: 'c', tenantid: 't' }).set).toMatchObject({
      isoffice365: 1,
      office365clientid: 'c',
      office365tenantid: 't',
    });
  });

  it('maps the download type index to downloadmultiplefile', () => {
    expect(change({ key: 'downloadtype', value: 1 }).set).toEqual({ downloadmultiplefile: 1 });
  });

  it('stores validate before issuing as the profile flag', () => {
    expect(change({ key: 'validate', value: 1 }).set).toEqual({ validate: 1 });
    expect(change({ key: 'validate', value: 0 }).set).toEqual({ validate: 0 });
  });
});
