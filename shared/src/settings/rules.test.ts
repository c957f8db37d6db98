import { describe, expect, it } from 'vitest';
import { updateProfileRequest } from '../contract/profile';
import { settingsMessages as m } from './messages';
import {
  imageKindOf,
  imageProblem,
  mainAdminOnlyKeys,
  MAX_IMAGE_BYTES,
  missingSecretMessage,
  secretHasHint,
  secretsIn,
  type SecretField,
} from './rules';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const req = (body: unknown) => updateProfileRequest.parse(body);
const none = () => false;
const only =
  (...fields: SecretField[]) =>
  (f: SecretField) =>
    fields.includes(f);

describe('images', () => {
  it('are recognised by their magic bytes, not their name', () => {
    expect(imageKindOf(png)).toBe('png');
    expect(imageKindOf(jpeg)).toBe('jpeg');
    expect(imageKindOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageKindOf(Buffer.from('just text named logo.png'))).toBeUndefined();
    expect(imageKindOf(png.subarray(0, 4))).toBeUndefined();
  });

  it('are refused when empty, over 2 MB or of another type', () => {
    expect(imageProblem(png)).toBeUndefined();
    expect(imageProblem(Buffer.alloc(0))).toBe(m.imageMissing);
    expect(imageProblem(Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]))).toBe(m.imageTooLarge);
    expect(imageProblem(Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]))).toBeUndefined();
    expect(imageProblem(Buffer.from('<svg/>'))).toBe(m.imageWrongType);
    expect(m.imageTooLarge).toContain('2 MB');
  });
});

describe('secrets of a block', () => {
  it('are required when neither typed nor stored, with the spec messages', () => {
    const s3 = req({
      key: 's3information',
      choice: 'customer',
      accesskey: 'A',
      bucket: 'bucket',
      region: 'eu-west-1',
    });
    expect(missingSecretMessage(s3, none)).toBe(m.awsSecretKeyRequired);
    expect(missingSecretMessage(s3, only('awssecretkey'))).toBeUndefined();
    expect(missingSecretMessage(req({ key: 's3information', choice: 'proofmark' }), none)).toBeUndefined();
    expect(missingSecretMessage(req({ key: 'azureinformation' }), none)).toBe(
      m.azureConnectionStringRequired,
    );
    expect(
      missingSecretMessage(req({ key: 'azureinformation' }), only('azureConnectionString')),
    ).toBeUndefined();
    const gdrive = req({ key: 'gdriveinformation', token: '{"refresh_token":"r"}' });
    expect(missingSecretMessage(gdrive, none)).toBe(m.gdriveBothRequired);
    expect(missingSecretMessage(gdrive, only('gdriveCredential'))).toBeUndefined();
    expect(missingSecretMessage(req({ key: 'ftpinformation', host: 'h', user: 'u' }), none)).toBe(
      m.ftpAccountRequired,
    );
    expect(missingSecretMessage(req({ key: 'office365', clientid: 'c', tenantid: 't' }), none)).toBe(
      m.office365Required,
    );
    expect(missingSecretMessage(req({ key: 'smtp', type: 'pwd' }), none)).toBeUndefined();
  });

  it('are taken from the block only when typed, and the customer S3 key only for a customer bucket', () => {
    expect(secretsIn(req({ key: 'smtp', type: 'pwd', password: 'p', refreshtoken: '' }))).toEqual({
      smtppassword: 'p',
      smtpclientsecret: undefined,
      smtprefreshtoken: undefined,
    });
    expect(secretsIn(req({ key: 's3information', choice: 'proofmark', secretkey: 'leftover' }))).toEqual({});
    expect(
      secretsIn(req({ key: 'stripeinformation', secretkey: 'sk_test_1', productapikey: 'prod' })),
    ).toEqual({ stripesecretkey: 'sk_test_1', stripeproductapikey: 'prod' });
    expect(secretsIn(req({ key: 'gasinformation', gasprice: '1' }))).toEqual({});
  });

  it('of passwords show no hint', () => {
    expect(secretHasHint('smtppassword')).toBe(false);
    expect(secretHasHint('ftppassword')).toBe(false);
    expect(secretHasHint('awssecretkey')).toBe(true);
  });
});

describe('who may save what', () => {
  it('keeps credentials and destinations to the main administrator', () => {
    for (const k of [
      'smtp',
      'office365',
      's3information',
      'azureinformation',
      'gdriveinformation',
      'ftpinformation',
      'localinformation',
      'stripeinformation',
    ] as const) {
      expect(mainAdminOnlyKeys.has(k)).toBe(true);
    }
    for (const k of [
      'blockchain',
      'issuerinformation',
      'gasinformation',
      'partnercompanyinformation',
    ] as const)
      expect(mainAdminOnlyKeys.has(k)).toBe(false);
  });
});
