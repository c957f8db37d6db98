import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BlobServiceClient } from '@azure/storage-blob';
import { noPermissions } from '@proofmark/shared/accounts/permissions';
import {
  profileResponse,
  imageResponse,
  partnersResponse,
  office365TokenResponse,
  type ProfileData,
  type UpdateProfileInput,
} from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { api as rawApi, clients, cloud, type ApiAnswer } from './helpers';
import { registeredAdmin, teamUser } from './accounts';
import {
  AZURITE_ACCOUNT,
  closedPort,
  startAzurite,
  startFtp,
  startSmtp,
  startTokenServer,
} from './profile-servers';

/** Every answer of this file, so the last test can check no stored secret ever came back. */
const answers: string[] = [];
const api = async <T = unknown>(...args: Parameters<typeof rawApi>): Promise<ApiAnswer<T>> => {
  const res = await rawApi<T>(...args);
  answers.push(JSON.stringify(res.body));
  return res;
};
/** Every secret value this file stores through the API. */
const storedSecrets: string[] = [];
const secret = (value: string) => (storedSecrets.push(value), value);

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const save = (who: { token: string }, body: UpdateProfileInput | Record<string, unknown>) =>
  api<ProfileData>('POST', '/api/profile', { token: who.token, body });
const profileOf = async (who: { token: string }) =>
  profileResponse.parse((await api('GET', '/api/profile', { token: who.token })).body).Data;
const testStorage = (who: { token: string }, body: Record<string, unknown> = {}) =>
  api('POST', '/api/profile/test-storage', { token: who.token, body });
const testMail = (who: { token: string }, body: Record<string, unknown> = {}) =>
  api('POST', '/api/profile/test-mail', { token: who.token, body });

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let admin: Admin;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let tokens: Awaited<ReturnType<typeof startTokenServer>>;
let ftp: Awaited<ReturnType<typeof startFtp>>;
let azurite: Awaited<ReturnType<typeof startAzurite>>;
let localDir: string;

const SMTP_USER = 'mailer@college.example.test';
const SMTP_PASS = `smtp pass ${randomUUID()}`;
const OAUTH_USER = 'oauth-sender@gmail.example.test';
const OAUTH_CLIENT = {
  id: 'gmail-client-id',
  secret: `gmail-client-secret-${randomUUID()}`,
  refreshToken: `1//refresh-${randomUUID()}`,
  accessToken: `ya29.${randomUUID()}`,
};
const O365_CLIENT = {
  id: 'o365-client-id',
  secret: `o365-secret-${randomUUID()}`,
  accessToken: `eyJ0-o365-${randomUUID()}`,
};
const O365_SENDER = 'sender@tenant.example.test';
const FTP_ACCOUNT = { user: 'proofmark', pass: `ftp-pass-${randomUUID()}` };

beforeAll(async () => {
  [admin, smtp, tokens, ftp, azurite] = await Promise.all([
    registeredAdmin(),
    startSmtp([
      { user: SMTP_USER, pass: SMTP_PASS },
      { user: OAUTH_USER, accessToken: OAUTH_CLIENT.accessToken },
      { user: O365_SENDER, accessToken: O365_CLIENT.accessToken },
    ]),
    startTokenServer([OAUTH_CLIENT, O365_CLIENT]),
    startFtp(FTP_ACCOUNT),
    startAzurite(),
  ]);
  // The local-folder storage is confined to the one machine's data folder.
  localDir = fs.mkdtempSync(path.join(cloud().dataDir, 'localstore-'));
  // Secrets this file stores that are not generated above.
  for (const s of [
    SMTP_PASS,
    OAUTH_CLIENT.secret,
    OAUTH_CLIENT.refreshToken,
    OAUTH_CLIENT.accessToken,
    O365_CLIENT.secret,
    O365_CLIENT.accessToken,
    FTP_ACCOUNT.pass,
  ])
    storedSecrets.push(s);
});

afterAll(async () => {
  await Promise.all([smtp?.stop(), tokens?.stop(), ftp?.stop(), azurite?.stop()]);
  if (localDir) fs.rmSync(localDir, { recursive: true, force: true });
});

describe('profile and simple settings', () => {
  it('returns the profile with the defaults of a new organisation', async () => {
    const p = await profileOf(admin);
    expect(p).toMatchObject({
      email: admin.email,
      fname: 'Ada',
      lname: 'Lovelace',
      organization_name: 'Analytical College',
      organization_url: 'https://college.example.test',
      graduates_members: '1 - 5,000',
      how_did_you_find_us: 'Friend refer',
      job_title: 'Accounting',
      isadmin: 1,
      // Validate before issuing is off until the organisation turns it on (the Setting tab).
      validate: 0,
      members: 1,
      logoimage: null,
      blockchain: 'ethereum',
      proofmarkversion: 'v3',
      storagetype: 1,
      proofmarkorcustomer: 'proofmark',
      smtppassword: { configured: false },
      awssecretkey: { configured: false },
      competencypartner: null,
    });
  });

  it('saves each simple block and shows it in the profile', async () => {
    const blocks: UpdateProfileInput[] = [
      { key: 'blockchain', value: 'bitcoin', step: 'update', ipaddress: '203.0.113.9' },
      { key: 'proofmarkversion', value: 'v2' },
      { key: 'isapimode', value: 1 },
      { key: 'ishtml', value: true },
      { key: 'downloadtype', value: '1' },
      { key: 'iss3', value: 0 },
      { key: 'validate', value: true },
      {
        key: 'issuerinformation',
        issuerurl: 'https://issuer.example.test/profile///',
        revocationurl: 'https://issuer.example.test/revocation/',
        verifybaseurl: 'https://verify.example.test/',
        baseurl: 'https://certs.example.test/',
        issuername: 'Analytical College',
        issueremail: 'Registrar@College.example.test',
      },
      { key: 'gasinformation', gasprice: '20' },
      { key: 'contactinformation', contactemail: 'help@college.example.test' },
      { key: 'competencypartnerinformation', competencyname: 'Data Literacy', description: 'Reads charts' },
      {
        key: 'partnercompanyinformation',
        signatories: [1, 2, 3].map((i) => ({
          signaturename: `Sig ${i}`,
          designername: `Designer ${i}`,
          partnercompanyname: `Partner ${i}`,
          displayname: `Display ${i}`,
        })),
      },
    ];
    for (const body of blocks) {
      const res = await save(admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(m.saved);
    }
    const p = await profileOf(admin);
    expect(p).toMatchObject({
      blockchain: 'bitcoin',
      proofmarkversion: 'v2',
      isapimode: 1,
      ishtml: 1,
      downloadmultiplefile: 1,
      iss3: 0,
      validate: 1,
      issuerurl: 'https://issuer.example.test/profile',
      revocationurl: 'https://issuer.example.test/revocation',
      verifybaseurl: 'https://verify.example.test',
      baseurl: 'https://certs.example.test',
      issueremail: 'registrar@college.example.test',
      gasprice: '20',
      contactemail: 'help@college.example.test',
      competencypartner: { competencyname: 'Data Literacy', description: 'Reads charts' },
    });
    expect(p.partnercompany?.signatories).toHaveLength(3);
    const partners = partnersResponse.parse(
      (await api('GET', '/api/profile/partners', { token: admin.token })).body,
    ).Data;
    expect(partners.competencypartner?.competencyname).toBe('Data Literacy');
  });

  it('refuses each invalid block with its message', async () => {
    const fresh = await registeredAdmin();
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'blockchain', value: '' }, m.selectBlockchain],
      [{ key: 'blockchain', value: 'dogecoin' }, m.selectBlockchain],
      [{ key: 'nonsense' }, m.unknownSetting],
      [
        {
          key: 's3information',
          choice: 'customer',
          accesskey: '',
          secretkey: 'abc',
          bucket: 'b-1',
          region: 'eu-west-1',
        },
        m.awsAccessKeyRequired,
      ],
      [
        { key: 's3information', choice: 'customer', accesskey: 'AKIA1', bucket: 'b-1', region: 'eu-west-1' },
        m.awsSecretKeyRequired,
      ],
      [
        {
          key: 's3information',
          choice: 'customer',
          accesskey: 'AKIA1',
          secretkey: 'abc',
          bucket: '',
          region: 'eu-west-1',
        },
        m.s3BucketRequired,
      ],
      [
        {
          key: 's3information',
          choice: 'customer',
          accesskey: 'AKIA1',
          secretkey: 'abc',
          bucket: 'b-1',
          region: '',
        },
        m.awsRegionRequired,
      ],
      [{ key: 'azureinformation', connectionstring: '' }, m.azureConnectionStringRequired],
      [{ key: 'office365', clientid: 'id', clientsecret: 'secret', tenantid: '' }, m.office365Required],
      [{ key: 'office365', clientid: 'id', tenantid: 'tenant' }, m.office365Required],
      [
        {
          key: 'gdriveinformation',
          credential: JSON.stringify({ installed: { client_id: 'a', client_secret: 'b' } }),
        },
        m.gdriveBothRequired,
      ],
      [{ key: 'ftpinformation', host: '127.0.0.1', user: '', password: 'x' }, m.ftpAccountRequired],
      [{ key: 'ftpinformation', host: '127.0.0.1', user: 'u' }, m.ftpAccountRequired],
      [{ key: 'localinformation', path: '' }, m.localPathRequired],
      [{ key: 'competencypartnerinformation', competencyname: ' ' }, m.competencyNameRequired],
      [{ key: 'gasinformation', gasprice: '1234' }, m.gasPriceTooLong],
      [{ key: 'issuerinformation', issuerurl: 'not a url' }, m.invalidUrl],
      [{ key: 'partnercompanyinformation', signatories: [] }, m.partnerSignatoriesCount],
      [{ key: 'smtp', type: 'pwd', port: 'abc' }, m.invalidPort],
      [{ key: 'validate', value: 2 }, m.selectYesOrNo],
    ];
    for (const [body, message] of cases) {
      const res = await save(fresh, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    // Nothing of the refused blocks was stored.
    expect(await profileOf(fresh)).toMatchObject({ storagetype: 1, validate: 0 });
  });

  it('lets only users with "change profile" save, and only the main administrator change credentials', async () => {
    const viewer = await teamUser(admin);
    expect((await api('GET', '/api/profile', { token: viewer.token })).status).toBe(200);
    expect((await save(viewer, { key: 'gasinformation', gasprice: '5' })).status).toBe(403);

    const editor = await teamUser(admin, { ...noPermissions(), changelogo: 1 });
    expect((await save(editor, { key: 'gasinformation', gasprice: '7' })).status).toBe(200);
    const smtpByEditor = await save(editor, {
      key: 'smtp',
      type: 'pwd',
      host: 'mail.example.test',
      port: 587,
      username: 'x',
      password: 'y',
    });
    expect(smtpByEditor.status).toBe(403);
    expect(smtpByEditor.body.message).toBe(m.mainAdminOnly);
    expect((await testStorage(editor)).status).toBe(403);
    expect((await testMail(editor)).status).toBe(403);
    expect((await api('POST', '/api/profile/office365-token', { token: editor.token })).status).toBe(403);
    expect((await api('GET', '/api/profile')).status).toBe(401);
  });
});

describe('storage settings and Test connection', () => {
  it("uses Proofmark's own bucket by default, and blanks the customer's S3 fields when it is chosen again", async () => {
    const owner = await registeredAdmin();
    expect((await testStorage(owner)).body.message).toBe(m.storageTestPassed);

    const longSecret = secret(`customer-secret-${randomUUID()}`);
    const saved = await save(owner, {
      key: 's3information',
      choice: 'customer',
      accesskey: 'AKIAEXAMPLE',
      secretkey: longSecret,
      bucket: 'customer-bucket',
      region: 'eu-west-1',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Data).toMatchObject({
      proofmarkorcustomer: 'customer',
      awsaccesskey: 'AKIAEXAMPLE',
      awssecretkey: { configured: true, hint: longSecret.slice(-4) },
    });

    // Saving again without the secret keeps it.
    const again = await save(owner, {
      key: 's3information',
      choice: 'customer',
      accesskey: 'AKIAEXAMPLE',
      secretkey: '',
      bucket: 'customer-bucket-2',
      region: 'eu-west-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.Data).toMatchObject({
      s3bucketname: 'customer-bucket-2',
      awssecretkey: { configured: true, hint: longSecret.slice(-4) },
    });

    const back = await save(owner, {
      key: 's3information',
      choice: 'proofmark',
      accesskey: 'ignored',
      bucket: 'ignored',
      region: 'x',
    });
    expect(back.body.Data).toMatchObject({
      proofmarkorcustomer: 'proofmark',
      storagetype: 1,
      awsaccesskey: '',
      s3bucketname: '',
      awsregion: '',
      s3endpoint: '',
      awssecretkey: { configured: false },
    });
  });

  it('tests a customer S3-compatible bucket for real, keeping the stored secret key, and explains failures', async () => {
    const owner = await registeredAdmin();
    const bucket = `customer-${randomUUID().slice(0, 8)}`;
    const { s3 } = clients();
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const block = {
      key: 's3information',
      choice: 'customer',
      accesskey: 'S3RVER',
      bucket,
      region: cloud().region,
      endpoint: `${cloud().endpoints.s3}/`,
    };

    // The form's values, before saving.
    const before = await testStorage(owner, { ...block, secretkey: 'S3RVER' });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.message).toBe(m.storageTestPassed);

    expect((await save(owner, { ...block, secretkey: 'S3RVER' })).status).toBe(200);
    expect((await profileOf(owner)).s3endpoint).toBe(cloud().endpoints.s3);
    // The saved settings (the secret comes from the secret store).
    expect((await testStorage(owner)).status).toBe(200);
    expect((await testStorage(owner, { ...block, secretkey: '' })).status).toBe(200);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(left.KeyCount ?? 0).toBe(0);

    // s3rver does not check SigV4 signatures (so a wrong secret key passes there); it does check the access key.
    const wrongKey = await testStorage(owner, {
      ...block,
      accesskey: 'AKIAWRONGKEY',
      secretkey: secret(`wrong-secret-${randomUUID()}`),
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.message).toBe(
      m.storageTestFailed('the access key is not known to the storage service.'),
    );
    const noBucket = await testStorage(owner, { ...block, bucket: 'no-such-bucket-here' });
    expect(noBucket.body.message).toBe(m.storageTestFailed('the bucket does not exist.'));
    const unreachable = await testStorage(owner, {
      ...block,
      endpoint: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toBe(
      m.storageTestFailed('the server refused the connection. Check the host name and port.'),
    );
  });

  it('tests Azure Blob storage (Azurite) and explains a wrong key', async () => {
    const owner = await registeredAdmin();
    const cs = secret(azurite.connectionString());
    const saved = await save(owner, { key: 'azureinformation', connectionstring: cs });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ storagetype: 2, azureConnectionString: { configured: true } });
    const ok = await testStorage(owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The probe blob is gone again.
    const container = BlobServiceClient.fromConnectionString(cs).getContainerClient('proofmark');
    const blobs = [];
    for await (const b of container.listBlobsFlat()) blobs.push(b.name);
    expect(blobs).toEqual([]);

    const wrongKey = secret(
      azurite.connectionString(Buffer.from(`not the key ${randomUUID()}`).toString('base64')),
    );
    const refused = await testStorage(owner, { key: 'azureinformation', connectionstring: wrongKey });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      m.storageTestFailed('the storage account refused the key in the connection string.'),
    );
    expect(azurite.blobEndpoint).toContain(AZURITE_ACCOUNT);
  });

  it('tests an FTP account and explains a wrong password and an unreachable host', async () => {
    const owner = await registeredAdmin();
    const saved = await save(owner, {
      key: 'ftpinformation',
      host: `127.0.0.1:${ftp.port}`,
      user: FTP_ACCOUNT.user,
      password: FTP_ACCOUNT.pass,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({
      storagetype: 4,
      ftphost: `127.0.0.1:${ftp.port}`,
      ftpuser: 'proofmark',
      ftppassword: { configured: true },
    });
    // Passwords get no hint.
    expect((saved.body.Data as ProfileData).ftppassword.hint).toBeUndefined();

    const ok = await testStorage(owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(fs.readdirSync(ftp.root)).toEqual([]);

    const wrong = await testStorage(owner, {
      key: 'ftpinformation',
      host: `127.0.0.1:${ftp.port}`,
      user: FTP_ACCOUNT.user,
      password: secret(`wrong-${randomUUID()}`),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.storageTestFailed('the FTP server refused the user name or password.'));
    const unreachable = await testStorage(owner, {
      key: 'ftpinformation',
      host: `127.0.0.1:${await closedPort()}`,
      user: 'u',
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toBe(
      m.storageTestFailed('the server refused the connection. Check the host name and port.'),
    );
  });

  it('tests a local folder, and says when it does not exist', async () => {
    const owner = await registeredAdmin();
    expect((await save(owner, { key: 'localinformation', path: localDir })).body.Data).toMatchObject({
      storagetype: 5,
      localpath: localDir,
    });
    const ok = await testStorage(owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(fs.readdirSync(localDir)).toEqual([]);
    const missing = await testStorage(owner, {
      key: 'localinformation',
      path: path.join(localDir, 'no', 'such', 'folder'),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(m.storageTestFailed('the folder does not exist.'));
    expect((await save(owner, { key: 'localinformation', path: 'relative/path' })).body.message).toBe(
      m.localPathNotAbsolute,
    );
  });

  it('stores Google Drive files as secrets and answers a clear 400 when Google cannot be reached', async () => {
    const owner = await registeredAdmin();
    const credential = secret(
      JSON.stringify({
        installed: {
          client_id: 'x.apps.googleusercontent.com',
          client_secret: `gd-secret-${randomUUID()}`,
          redirect_uris: ['http://localhost'],
        },
      }),
    );
    const token = secret(
      JSON.stringify({
        access_token: `ya29.${randomUUID()}`,
        refresh_token: `1//${randomUUID()}`,
        expiry_date: Date.now() + 3_600_000,
      }),
    );
    const saved = await save(owner, { key: 'gdriveinformation', credential, token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({
      storagetype: 3,
      gdriveCredential: { configured: true },
      gdriveToken: { configured: true },
    });
    // Re-saving with only one new file keeps the other.
    expect((await save(owner, { key: 'gdriveinformation', token })).status).toBe(200);
    const res = await testStorage(owner);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Test connection failed: /);
  });
});

describe('mail settings and Send test email', () => {
  it('sends through an SMTP server with user name and password, and explains a wrong password and an unreachable host', async () => {
    const owner = await registeredAdmin();
    expect((await testMail(owner)).body.message).toBe(m.mailNotConfigured);
    const block = {
      key: 'smtp',
      type: 'pwd',
      host: '127.0.0.1',
      port: smtp.port,
      username: SMTP_USER,
      from: SMTP_USER,
      cc: 'Copy@College.example.test',
    };
    const saved = await save(owner, { ...block, password: SMTP_PASS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({
      isoffice365: 0,
      smtptype: 0,
      smtphost: '127.0.0.1',
      smtpport: smtp.port,
      smtpcc: 'copy@college.example.test',
      smtppassword: { configured: true },
    });

    const sent = await testMail(owner, { to: 'someone@example.test' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(m.testMailSent('someone@example.test'));
    const mail = smtp.received.find((r) => r.to.includes('someone@example.test'));
    expect(mail).toMatchObject({ from: SMTP_USER, user: SMTP_USER });
    expect(mail!.to).toContain('copy@college.example.test');
    expect(mail!.raw).toContain(`Subject: ${m.testMailSubject}`);
    // To the caller by default.
    expect((await testMail(owner)).body.message).toBe(m.testMailSent(owner.email));

    // Saving the block again without the password keeps it.
    expect((await save(owner, { ...block, password: '' })).status).toBe(200);
    expect((await testMail(owner)).status).toBe(200);

    expect((await save(owner, { ...block, password: secret(`wrong smtp ${randomUUID()}`) })).status).toBe(
      200,
    );
    const wrong = await testMail(owner);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      m.mailTestFailed('the mail server refused the sign-in (user name, password or OAuth token).'),
    );

    expect((await save(owner, { ...block, port: await closedPort(), password: '' })).status).toBe(200);
    const unreachable = await testMail(owner);
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toBe(
      m.mailTestFailed('the server refused the connection. Check the host name and port.'),
    );
  });

  it('sends with OAuth 2 (XOAUTH2): the refresh token is exchanged at the token endpoint first', async () => {
    const owner = await registeredAdmin();
    // An incomplete block is not saved (so not "In use"); saving says what is missing.
    const incomplete = await save(owner, { key: 'smtp', type: 'oauth', username: OAUTH_USER });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(m.oauthSaveIncomplete);
    expect((await testMail(owner)).body.message).toBe(m.mailNotConfigured);

    const saved = await save(owner, {
      key: 'smtp',
      type: 'oauth',
      host: '127.0.0.1',
      port: smtp.port,
      username: OAUTH_USER,
      clientid: OAUTH_CLIENT.id,
      clientsecret: OAUTH_CLIENT.secret,
      refreshtoken: OAUTH_CLIENT.refreshToken,
      tokenurl: tokens.url,
    });
    expect(saved.body.Data).toMatchObject({
      smtptype: 1,
      smtpclientid: OAUTH_CLIENT.id,
      smtpclientsecret: { configured: true },
      smtprefreshtoken: { configured: true },
    });
    const sent = await testMail(owner, { to: 'oauth-recipient@example.test' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(smtp.received.find((r) => r.to.includes('oauth-recipient@example.test'))?.user).toBe(OAUTH_USER);
    expect(tokens.calls).toContainEqual(
      expect.objectContaining({
        grant_type: 'refresh_token',
        client_id: OAUTH_CLIENT.id,
        refresh_token: OAUTH_CLIENT.refreshToken,
      }),
    );
  });

  it('fetches an Office 365 token only from saved settings, then sends with it', async () => {
    const owner = await registeredAdmin();
    const early = await api('POST', '/api/profile/office365-token', { token: owner.token });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(m.office365SaveFirst);

    const saved = await save(owner, {
      key: 'office365',
      clientid: O365_CLIENT.id,
      clientsecret: O365_CLIENT.secret,
      tenantid: 'tenant-1',
      gettokenurl: tokens.url,
      from: O365_SENDER,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({
      isoffice365: 1,
      office365: {
        clientid: O365_CLIENT.id,
        tenantid: 'tenant-1',
        clientsecret: { configured: true },
        accesstoken: { configured: false },
      },
    });
    expect((await testMail(owner)).body.message).toBe(m.office365NoToken);

    const fetched = await api('POST', '/api/profile/office365-token', { token: owner.token });
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    const data = office365TokenResponse.parse(fetched.body).Data;
    expect(data.accesstoken).toEqual({ configured: true, hint: O365_CLIENT.accessToken.slice(-4) });
    expect(Date.parse(data.tokenexpiresat!)).toBeGreaterThan(Date.now());
    expect(tokens.calls).toContainEqual(
      expect.objectContaining({
        grant_type: 'client_credentials',
        client_id: O365_CLIENT.id,
        scope: 'https://outlook.office365.com/.default',
      }),
    );

    // A refused secret is a clear 400.
    expect(
      (
        await save(owner, {
          key: 'office365',
          clientid: O365_CLIENT.id,
          clientsecret: secret(`bad-${randomUUID()}`),
          tenantid: 'tenant-1',
          gettokenurl: tokens.url,
        })
      ).status,
    ).toBe(200);
    const refused = await api('POST', '/api/profile/office365-token', { token: owner.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(m.office365TokenFailed('the client id or client secret was refused.'));
  });
});

describe('logo and signature images', () => {
  it('stores a PNG under a server-generated key and serves it back', async () => {
    const res = await api<{ url: string }>('POST', '/api/profile/logo', {
      token: admin.token,
      body: { value: `data:image/png;base64,${PNG_1PX.toString('base64')}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(m.logoUploaded);
    const got = imageResponse.parse(
      (await api('GET', '/api/profile/logo', { token: admin.token })).body,
    ).Data;
    expect(got.contentType).toBe('image/png');
    expect(new URL(got.url!).pathname).toMatch(/\/[0-9a-f-]{36}\/branding\/logo-[0-9a-f-]{36}\.png$/);
    const bytes = Buffer.from(await (await fetch(got.url!)).arrayBuffer());
    expect(bytes.equals(PNG_1PX)).toBe(true);
    expect((await profileOf(admin)).logoimage).toMatch(/branding\/logo-/);

    // A raw body works too (JPEG by its magic bytes), for the signature.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const raw = await fetch(`${cloud().appUrl}/api/profile/signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
      body: jpeg,
    });
    const rawBody = await raw.text();
    answers.push(rawBody);
    expect(raw.status, rawBody).toBe(200);
    const sig = imageResponse.parse(
      (await api('GET', '/api/profile/signature', { token: admin.token })).body,
    ).Data;
    expect(sig.contentType).toBe('image/jpeg');
  });

  it('refuses a text file named .png by its content, and an image over 2 MB with the limit', async () => {
    const fake = await api('POST', '/api/profile/logo', {
      token: admin.token,
      body: {
        value: `data:image/png;base64,${Buffer.from('just some text, not a picture').toString('base64')}`,
      },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(m.imageWrongType);
    const big = Buffer.concat([PNG_1PX.subarray(0, 8), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const tooBig = await api('POST', '/api/profile/logo', {
      token: admin.token,
      body: { value: big.toString('base64') },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(m.imageTooLarge);
    expect(
      (await api('POST', '/api/profile/logo', { token: admin.token, body: { value: '' } })).body.message,
    ).toBe(m.imageMissing);
  });
});

describe('write-only secrets', () => {
  it('never returned a stored secret in any answer of this file', () => {
    expect(answers.length).toBeGreaterThan(50);
    const everything = answers.join('\n');
    for (const value of storedSecrets)
      expect(everything.includes(value), `secret ending ${value.slice(-6)} came back`).toBe(false);
  });
});
