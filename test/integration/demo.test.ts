import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { Wallet } from 'ethers';
import type { DemoProgress } from '../../shared/src/contract/demo';
import { demoMessages as m } from '../../shared/src/demo/messages';
import { walletImportLink } from '../../shared/src/workspace/certificate-mail';
import { verifyWithBlockcerts } from '../support/official-verifier';
import { freshClient, apiFrom } from './from-client';
import { api, awaitMail, cloud, eventually, mailTo } from './helpers';

/**
 * The live demo and the demo request through the API, as a visitor without an account uses them:
 * a real certificate issued by the demo issuer, verified by the official Blockcerts verifier, and
 * the limits that keep the public routes from being abused.
 */

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const teamInbox = 'team@proofmark.local';

type Started = DemoProgress & { onetimecode: string };

const start = async (email: string, client?: string) => {
  const body = { firstname: 'Grace', lastname: 'Hopper', emailaddress: email };
  return client
    ? apiFrom<Started>(client, 'POST', '/api/demo/recipients', { body })
    : api<Started>('POST', '/api/demo/recipients', { body });
};

/** What the Blockcerts Wallet does with the introduction link: posts its address and the code. */
const introduceWallet = async (email: string): Promise<string> => {
  const mail = await awaitMail(email, /wants to issue you a digital credentials/);
  const link = /https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(
    mail.body.html ?? '',
  );
  expect(link, 'the introduction mail carries the wallet link').not.toBeNull();
  const address = Wallet.createRandom().address;
  const posted = await fetch(decodeURIComponent(link![1]!), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bitcoinAddress: address, nonce: decodeURIComponent(link![2]!) }),
  });
  expect(posted.status).toBe(200);
  return address;
};

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the live demo, end to end through the API', () => {
  const email = uniqueEmail('demo');
  let handle: { onetimecode: string; emailaddress: string };

  it('adds the visitor as a recipient of the demo issuer and previews the introduction mail', async () => {
    const started = await start(email);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const data = started.body.Data!;
    expect(data.onetimecode).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(data.invitation.html).toContain(encodeURIComponent(data.onetimecode));
    expect(data.publickey).toBeNull();
    // Step 4's unsigned certificate: the visitor's name, a logo and two signatures with their roles.
    expect(data.certificateHtml).toContain('Grace Hopper');
    expect(data.certificateHtml).toMatch(/President[\s\S]*Chairman/);
    expect((data.certificateHtml.match(/<img /g) ?? []).length).toBe(3);
    handle = { onetimecode: data.onetimecode, emailaddress: email };
  });

  it('refuses to issue before the wallet has introduced itself', async () => {
    const early = await api('POST', '/api/demo/issue', { body: handle });
    expect([early.status, early.body.message]).toEqual([400, m.waitForPublicKey]);
  });

  it('mails the introduction; the wallet introduces its address; the key arrives', async () => {
    const sent = await api<DemoProgress>('POST', '/api/demo/invitation', { body: handle });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.Data!.invitationSent).toBe(true);
    const address = await introduceWallet(email);
    const progress = await api<DemoProgress>('POST', '/api/demo/progress', { body: handle });
    expect(progress.body.Data!.publickey).toBe(address);
  });

  it('refuses to mail a certificate that is not issued yet', async () => {
    const early = await api('POST', '/api/demo/certificate-mail', { body: handle });
    expect([early.status, early.body.message]).toEqual([400, m.issueFirst]);
  });

  let signed = '';
  it('issues for real: anchored, published, and the official Blockcerts verifier says verified', async () => {
    const issued = await api<DemoProgress>('POST', '/api/demo/issue', { body: handle });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    // A second Issue of the same demo is the same issuance, not a refusal.
    expect((await api('POST', '/api/demo/issue', { body: handle })).status).toBe(200);
    signed = await eventually(
      async () =>
        (await api<DemoProgress>('POST', '/api/demo/progress', { body: handle })).body.Data?.signedcerturl ??
        undefined,
      120_000,
      1000,
    );
    const certificate = (await (await fetch(signed)).json()) as { id: string; proof: object };
    expect(certificate.id).toMatch(/^urn:uuid:/);
    const official = await verifyWithBlockcerts(certificate, { rpcUrl: cloud().endpoints.chain });
    expect(official.status, JSON.stringify(official)).toBe('verified');
  }, 180_000);

  it('mails the certificate: greets by full name, import link = the signed URL encoded, our 300×300 QR code of it', async () => {
    const progress = (await api<DemoProgress>('POST', '/api/demo/progress', { body: handle })).body.Data!;
    const preview = progress.certificateMail!;
    expect(preview.html).toContain('Dear Grace Hopper,');
    const link = walletImportLink(signed);
    expect(link).toContain(encodeURIComponent(signed));
    expect(preview.html).toContain(link.replace(/&/g, '&amp;'));
    const qrImg =
      /<img src="data:image\/png;base64,([^"]+)" width="300" height="300" alt="QR code of the wallet import link"/;
    const qr = Buffer.from(qrImg.exec(preview.html)![1]!, 'base64');
    expect(pngSize(qr)).toEqual({ width: 300, height: 300 });
    const expected = await QRCode.toBuffer(link, {
      type: 'png',
      width: 300,
      margin: 2,
      errorCorrectionLevel: 'M',
    });
    expect(qr.equals(expected)).toBe(true);

    const sent = await api<DemoProgress>('POST', '/api/demo/certificate-mail', { body: handle });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.Data!.certificateMailSent).toBe(true);
    const mail = await awaitMail(email, /Your certificate from/);
    expect(mail.body.html).toContain('Dear Grace Hopper,');
    expect(mail.body.html).toContain('cid:qrcode');
  });

  it('refuses a second demo certificate for the same email the same day, saying why', async () => {
    const again = (await start(email)).body.Data!;
    const second = { onetimecode: again.onetimecode, emailaddress: email };
    const introductions = async () =>
      (await mailTo(email)).filter(
        (x) => /wants to issue you/.test(x.subject) && x.body.html?.includes(again.onetimecode),
      );
    await api('POST', '/api/demo/invitation', { body: second });
    const [mail] = await eventually(async () =>
      (await introductions()).length ? introductions() : undefined,
    );
    const link = /introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(mail!.body.html ?? '')!;
    await fetch(decodeURIComponent(link[1]!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bitcoinAddress: Wallet.createRandom().address,
        nonce: decodeURIComponent(link[2]!),
      }),
    });
    const refused = await api('POST', '/api/demo/issue', { body: second });
    expect([refused.status, refused.body.message]).toEqual([429, m.onePerDay]);
  });

  it('knows no demo by a code with another email', async () => {
    const other = await api('POST', '/api/demo/progress', {
      body: { ...handle, emailaddress: uniqueEmail('stranger') },
    });
    expect([other.status, other.body.message]).toEqual([404, m.unknownDemo]);
  });
});

describe('the demo routes are bounded and limited', () => {
  it('refuses an oversized or malformed body with the contract’s field messages', async () => {
    const huge = await api('POST', '/api/demo/recipients', {
      body: { firstname: 'x'.repeat(3000), lastname: 'y', emailaddress: uniqueEmail('big') },
    });
    expect(huge.status).toBe(413);
    const bad = await api('POST', '/api/demo/recipients', {
      body: { firstname: '', lastname: 'Hopper', emailaddress: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['emailaddress', 'firstname']);
  });

  it('limits the demos one network starts, with a clear message', async () => {
    const client = freshClient();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await start(uniqueEmail('net'), client));
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect([answers[10]!.status, answers[10]!.body.message]).toEqual([429, m.tooManyFromNetwork]);
  }, 120_000);

  it('limits the mails one address gets, with a clear message', async () => {
    const email = uniqueEmail('mails');
    const { onetimecode } = (await start(email)).body.Data!;
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        await api('POST', '/api/demo/invitation', { body: { onetimecode, emailaddress: email } }),
      );
    expect(statuses.slice(0, 6).every((a) => a.status === 200)).toBe(true);
    expect([statuses[6]!.status, statuses[6]!.body.message]).toEqual([429, m.tooManyForEmail]);
  }, 60_000);
});

describe('the demo request', () => {
  const request = (email: string) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: email,
    phoneNumber: '+44 20 7946 0958',
    organizationName: 'Analytical College',
    role: 'Registrar',
    describe: 'College or university',
    findUs: 'Google',
    questions: 'Can we import from our student system?',
  });

  it('is stored, mailed to the product team and acknowledged to the visitor', async () => {
    const email = uniqueEmail('req');
    const sent = await api('POST', '/api/demo/requests', { body: request(email) });
    expect([sent.status, sent.body.message]).toEqual([200, m.requestReceived]);
    const team = await eventually(async () =>
      (await mailTo(teamInbox)).find((x) => x.body.text?.includes(`Email: ${email}`)),
    );
    expect(team.subject).toBe('Demo request: Analytical College (Ada Lovelace)');
    expect(team.body.text).toContain('Role: Registrar');
    const thanks = await awaitMail(email, /We received your Proofmark demo request/);
    expect(thanks.body.text).toContain('Dear Ada Lovelace,');

    Object.assign(process.env, cloud().functionEnv);
    const { demoRequests } = await import('../../functions/src/store/demo-requests');
    const month = new Date().toISOString().slice(0, 7);
    const stored = await demoRequests().query.byMonth({ month }).go({ pages: 'all' });
    const mine = stored.data.find((r) => r.emailAddress === email);
    expect(mine).toMatchObject({ role: 'Registrar', organizationName: 'Analytical College', teamMailed: 1 });
  });

  it('refuses a request without a role or with a bad email, naming each field, and mails nobody', async () => {
    const email = uniqueEmail('norole');
    const noRole = await api('POST', '/api/demo/requests', { body: { ...request(email), role: '   ' } });
    expect(noRole.status).toBe(400);
    expect(noRole.body.details?.map((d) => d.path)).toEqual(['role']);
    const badEmail = await api('POST', '/api/demo/requests', {
      body: { ...request(email), emailAddress: 'ada@' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details?.map((d) => d.path)).toEqual(['emailAddress']);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailTo(email)).toEqual([]);
    expect((await mailTo(teamInbox)).some((x) => x.body.text?.includes(email))).toBe(false);
  });

  it('is limited per network like the demo', async () => {
    const client = freshClient();
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await apiFrom(client, 'POST', '/api/demo/requests', { body: request(uniqueEmail('lim')) }),
      );
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect([answers[10]!.status, answers[10]!.body.message]).toEqual([429, m.tooManyFromNetwork]);
  }, 60_000);
});
