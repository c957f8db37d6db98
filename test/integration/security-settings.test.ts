import { describe, expect, it } from 'vitest';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { api, cloud } from './helpers';
import { registeredAdmin } from './accounts';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const save = (who: Admin, body: Record<string, unknown>) =>
  api<Record<string, unknown>>('POST', '/api/profile', { token: who.token, body });
const testMail = (who: Admin) => api('POST', '/api/profile/test-mail', { token: who.token, body: {} });

describe('mail blocks (finding 11)', () => {
  it('refuses to save a blank Gmail OAuth block, says what is missing, and nothing becomes "In use"', async () => {
    const owner = await registeredAdmin();
    const blank = await save(owner, {
      key: 'smtp',
      type: 'oauth',
      host: '',
      username: '',
      clientid: '',
      clientsecret: '',
      refreshtoken: '',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(m.oauthSaveIncomplete);
    const profile = await api<Record<string, unknown>>('GET', '/api/profile', { token: owner.token });
    expect(profile.body.Data?.smtptype ?? null).not.toBe(1);
    expect((await testMail(owner)).body.message).toBe(m.mailNotConfigured);
  });

  it('refuses an incomplete user-name-and-password block, and keeps the block that was in use', async () => {
    const owner = await registeredAdmin();
    const good = await save(owner, {
      key: 'smtp',
      type: 'pwd',
      host: 'mail.example.test',
      port: 587,
      username: 'sender@example.test',
      password: 'a mail password',
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const partial = await save(owner, { key: 'smtp', type: 'pwd', host: 'mail.example.test' });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(m.smtpSaveIncomplete);
    const profile = await api<Record<string, unknown>>('GET', '/api/profile', { token: owner.token });
    expect(profile.body.Data).toMatchObject({
      smtptype: 0,
      smtpport: 587,
      smtpusername: 'sender@example.test',
    });
  });
});

describe('connection tests reach only public servers (finding 8)', () => {
  const privateTargets = [
    '169.254.169.254',
    '10.1.2.3',
    '192.168.0.10',
    '172.16.5.5',
    '127.0.0.2',
    '0.0.0.0',
    '[::1]',
    '[fd00:ec2::254]',
  ];
  const testStorage = (who: Admin, body: Record<string, unknown>) =>
    api('POST', '/api/profile/test-storage', { token: who.token, body });

  it('refuses an S3 endpoint, an Azure blob endpoint and an FTP host on loopback, private, link-local or metadata addresses', async () => {
    const owner = await registeredAdmin();
    for (const host of privateTargets) {
      const s3 = await testStorage(owner, {
        key: 's3information',
        choice: 'customer',
        accesskey: 'AKIAEXAMPLE',
        secretkey: 'secret',
        bucket: 'some-bucket',
        region: 'us-east-1',
        endpoint: `http://${host}:9000`,
      });
      expect(s3.status, host).toBe(400);
      expect(s3.body.message).toBe(m.storageTestFailed(m.privateTarget));
      const accountKey = Buffer.from('an account key').toString('base64');
      for (const connectionstring of [
        `DefaultEndpointsProtocol=http;AccountName=acct;AccountKey=${accountKey};BlobEndpoint=http://${host}:10000/acct;`,
        `BlobEndpoint=http://${host}:10000/acct;SharedAccessSignature=sv=2025-01-05&sig=abc`,
      ]) {
        const azure = await testStorage(owner, { key: 'azureinformation', connectionstring });
        expect(azure.status, `${host} ${connectionstring}`).toBe(400);
        expect(azure.body.message).toBe(m.storageTestFailed(m.privateTarget));
      }
      // The FTP host field takes a name or IPv4 address (with an optional :port).
      if (host.startsWith('[')) continue;
      const ftp = await testStorage(owner, {
        key: 'ftpinformation',
        host: `${host}:21`,
        user: 'u',
        password: 'p',
      });
      expect(ftp.body.message, host).toBe(m.storageTestFailed(m.privateTarget));
    }
  });

  it('refuses an SMTP server on a private address', async () => {
    const owner = await registeredAdmin();
    const saved = await save(owner, {
      key: 'smtp',
      type: 'pwd',
      host: '169.254.169.254',
      port: 25,
      username: 'sender@example.test',
      password: 'a mail password',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sent = await testMail(owner);
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(m.mailTestFailed(m.privateTarget));
  });

  it('confines the local folder to the data folder', async () => {
    const owner = await registeredAdmin();
    for (const dir of ['/etc', '/tmp', `${cloud().dataDir}/../..`]) {
      const res = await testStorage(owner, { key: 'localinformation', path: dir });
      expect(res.status, dir).toBe(400);
      expect(res.body.message).toBe(m.storageTestFailed(m.localFolderNotAllowed));
    }
  });
});
