import { describe, expect, it } from 'vitest';
import { settingsMessages as m } from '../settings/messages';
import {
  gdriveClientOf,
  settingsKeys,
  storageRequest,
  testStorageRequest,
  updateProfileRequest,
} from './profile';

const parse = (body: unknown) => updateProfileRequest.safeParse(body);
const messageOf = (body: unknown) => {
  const r = parse(body);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('updateProfile requests', () => {
  it('has one schema per key of spec §7', () => {
    expect([...settingsKeys].sort()).toEqual(
      [
        'blockchain',
        'proofmarkversion',
        'isapimode',
        'ishtml',
        'downloadtype',
        'iss3',
        'validate',
        'smtp',
        'office365',
        's3information',
        'azureinformation',
        'gdriveinformation',
        'ftpinformation',
        'localinformation',
        'issuerinformation',
        'gasinformation',
        'contactinformation',
        'stripeinformation',
        'competencypartnerinformation',
        'partnercompanyinformation',
      ].sort(),
    );
    expect(messageOf({ key: 'whatever' })).toBe(m.unknownSetting);
    expect(messageOf({})).toBe(m.unknownSetting);
  });

  it('takes flags from numbers, booleans and strings', () => {
    for (const [value, out] of [
      [1, 1],
      [true, 1],
      ['1', 1],
      [0, 0],
      [false, 0],
      ['0', 0],
    ] as const) {
      expect(parse({ key: 'ishtml', value }).data).toMatchObject({ value: out });
    }
    expect(messageOf({ key: 'isapimode', value: 2 })).toBe(m.selectYesOrNo);
  });

  it('needs a blockchain and a version from the lists', () => {
    expect(messageOf({ key: 'blockchain', value: '' })).toBe(m.selectBlockchain);
    expect(messageOf({ key: 'blockchain' })).toBe(m.selectBlockchain);
    expect(
      parse({ key: 'blockchain', value: 'ethereum', step: 'update', ipaddress: '1.2.3.4' }).success,
    ).toBe(true);
    expect(messageOf({ key: 'proofmarkversion', value: 'v4' })).toBe(m.selectVersion);
  });

  it('checks customer S3 fields in the spec order, and nothing for Proofmark’s own bucket', () => {
    const full = {
      key: 's3information',
      choice: 'customer',
      accesskey: 'AKIA',
      secretkey: 'x',
      bucket: 'my-bucket',
      region: 'eu-west-1',
    };
    expect(parse(full).success).toBe(true);
    expect(messageOf({ ...full, accesskey: ' ' })).toBe(m.awsAccessKeyRequired);
    expect(messageOf({ ...full, bucket: '' })).toBe(m.s3BucketRequired);
    expect(messageOf({ ...full, region: '' })).toBe(m.awsRegionRequired);
    expect(messageOf({ ...full, bucket: 'Not_A_Bucket' })).toBe(m.s3BucketInvalid);
    expect(parse({ key: 's3information', choice: 'proofmark' }).success).toBe(true);
    expect(messageOf({ key: 's3information', choice: 'other' })).toBe(m.selectStorageChoice);
  });

  it('treats an empty secret as "keep the stored one"', () => {
    const r = parse({
      key: 's3information',
      choice: 'customer',
      accesskey: 'AKIA',
      secretkey: '  ',
      bucket: 'my-bucket',
      region: 'eu-west-1',
    });
    expect(r.success && r.data.key === 's3information' && r.data.secretkey).toBe(undefined);
    const pwd = parse({ key: 'smtp', type: 'pwd', password: ' spaced ' });
    expect(pwd.success && pwd.data.key === 'smtp' && pwd.data.password).toBe(' spaced ');
  });

  it('uses the spec messages of the other storages', () => {
    expect(messageOf({ key: 'azureinformation', connectionstring: 'not a connection string' })).toBe(
      m.invalidAzureConnectionString,
    );
    expect(
      parse({
        key: 'azureinformation',
        connectionstring: 'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=b;',
      }).success,
    ).toBe(true);
    expect(messageOf({ key: 'gdriveinformation', credential: '{"x":1}' })).toBe(m.invalidGdriveCredential);
    expect(messageOf({ key: 'gdriveinformation', token: 'nope' })).toBe(m.invalidGdriveToken);
    expect(messageOf({ key: 'ftpinformation', host: '', user: 'u', password: 'p' })).toBe(
      m.ftpAccountRequired,
    );
    expect(messageOf({ key: 'ftpinformation', host: 'ftp.example.test', user: '', password: 'p' })).toBe(
      m.ftpAccountRequired,
    );
    expect(messageOf({ key: 'ftpinformation', host: 'ftp://x/y', user: 'u' })).toBe(m.invalidHost);
    expect(parse({ key: 'ftpinformation', host: 'ftp.example.test:2121', user: 'u' }).success).toBe(true);
    expect(messageOf({ key: 'localinformation', path: '' })).toBe(m.localPathRequired);
    expect(messageOf({ key: 'localinformation' })).toBe(m.localPathRequired);
    expect(messageOf({ key: 'localinformation', path: 'data/certs' })).toBe(m.localPathNotAbsolute);
  });

  it('needs Office 365 client id and tenant id', () => {
    expect(messageOf({ key: 'office365', clientid: '', tenantid: 't' })).toBe(m.office365Required);
    expect(messageOf({ key: 'office365', clientid: 'c' })).toBe(m.office365Required);
    expect(parse({ key: 'office365', clientid: 'c', tenantid: 't', clientsecret: 's' }).success).toBe(true);
  });

  it('saves SMTP settings without checks (spec §5) but refuses malformed values', () => {
    expect(parse({ key: 'smtp', type: 'oauth' }).success).toBe(true);
    expect(parse({ key: 'smtp', type: 'pwd', host: 'smtp.example.test', port: '587' }).data).toMatchObject({
      port: 587,
    });
    expect(messageOf({ key: 'smtp', type: 'pwd', port: 70000 })).toBe(m.invalidPort);
    expect(messageOf({ key: 'smtp', type: 'pwd', from: 'nope' })).toBe(m.invalidEmail);
    expect(messageOf({ key: 'smtp', type: 'pwd', cc: 'a@example.test, nope' })).toBe(m.invalidCc);
    expect(parse({ key: 'smtp', type: 'pwd', cc: 'A@example.test; b@example.test' }).data).toMatchObject({
      cc: 'a@example.test, b@example.test',
    });
    expect(messageOf({ key: 'smtp', type: 'imap' })).toBe(m.selectSmtpType);
  });

  it('removes trailing slashes from issuer URLs (spec §5)', () => {
    const r = parse({
      key: 'issuerinformation',
      issuerurl: 'https://a.example.test/issuer//',
      baseurl: '',
      revocationurl: 'https://a.example.test/',
    });
    expect(r.data).toMatchObject({
      issuerurl: 'https://a.example.test/issuer',
      baseurl: '',
      revocationurl: 'https://a.example.test',
    });
    expect(messageOf({ key: 'issuerinformation', verifybaseurl: 'ftp://x' })).toBe(m.invalidUrl);
  });

  it('holds at most 3 characters of gas price (spec §5)', () => {
    expect(parse({ key: 'gasinformation', gasprice: '150' }).success).toBe(true);
    expect(parse({ key: 'gasinformation', gasprice: 42 }).data).toMatchObject({ gasprice: '42' });
    expect(messageOf({ key: 'gasinformation', gasprice: '1500' })).toBe(m.gasPriceTooLong);
    expect(messageOf({ key: 'gasinformation', gasprice: 'abc' })).toBe(m.gasPriceNotNumber);
  });

  it('checks contact, payment and partner blocks', () => {
    expect(messageOf({ key: 'contactinformation', contactemail: '' })).toBe(m.contactEmailRequired);
    expect(messageOf({ key: 'contactinformation', contactemail: 'x' })).toBe(m.invalidEmail);
    expect(messageOf({ key: 'stripeinformation', publickey: 'sk_test_x' })).toBe(m.stripePublicKeyInvalid);
    expect(messageOf({ key: 'stripeinformation', publickey: 'pk_test_1', secretkey: 'pk_test_2' })).toBe(
      m.stripeSecretKeyInvalid,
    );
    expect(messageOf({ key: 'competencypartnerinformation', competencyname: '' })).toBe(
      m.competencyNameRequired,
    );
    const one = { signaturename: 'a', designername: 'b', partnercompanyname: 'c', displayname: 'd' };
    expect(parse({ key: 'partnercompanyinformation', signatories: [one, one, one] }).success).toBe(true);
    expect(messageOf({ key: 'partnercompanyinformation', signatories: [one, one, one, one] })).toBe(
      m.partnerSignatoriesCount,
    );
    expect(messageOf({ key: 'partnercompanyinformation', signatories: [{ ...one, displayname: '' }] })).toBe(
      m.partnerFieldRequired,
    );
  });
});

describe('Test connection requests', () => {
  it('take a storage block, or nothing for the saved storage', () => {
    expect(testStorageRequest.parse({})).toEqual({ key: 'saved' });
    expect(testStorageRequest.parse({ key: '' })).toEqual({ key: 'saved' });
    expect(testStorageRequest.safeParse({ key: 'smtp' }).error?.issues[0]?.message).toBe(m.storageNotChosen);
    expect(testStorageRequest.safeParse({ key: 'ftpinformation', host: '' }).error?.issues[0]?.message).toBe(
      m.ftpAccountRequired,
    );
    expect(testStorageRequest.safeParse({ key: 'localinformation', path: '/srv/certs' }).success).toBe(true);
    expect(storageRequest.safeParse({ key: 'smtp', type: 'pwd' }).success).toBe(false);
  });
});

describe('gdriveClientOf', () => {
  it('reads installed and web OAuth client files', () => {
    expect(
      gdriveClientOf(
        JSON.stringify({
          installed: { client_id: 'a', client_secret: 'b', redirect_uris: ['http://localhost'] },
        }),
      ),
    ).toEqual({
      client_id: 'a',
      client_secret: 'b',
      redirect_uri: 'http://localhost',
    });
    expect(gdriveClientOf(JSON.stringify({ web: { client_id: 'a', client_secret: 'b' } }))).toEqual({
      client_id: 'a',
      client_secret: 'b',
    });
    expect(gdriveClientOf('{"type":"service_account"}')).toBeUndefined();
    expect(gdriveClientOf('not json')).toBeUndefined();
  });
});
