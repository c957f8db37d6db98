import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MailTemplateView } from '@proofmark/shared/contract/mail-templates';
import type { RunView } from '@proofmark/shared/contract/workspace';
import {
  defaultMailTemplates,
  mailTemplateMessages as mm,
  type MailKind,
} from '@proofmark/shared/mail-templates/rules';
import { api, awaitMail, clients, cloud, eventually, mailTo } from './helpers';
import { registeredAdmin } from './accounts';
import { startSmtp, type ReceivedMail } from './profile-servers';
import { addStudents, finishedRun, issuedCertificates } from './workspace-fixtures';

/*
 * The organisation's mail templates: versions per cohort and kind with the defaults until one is
 * saved, the one composer (placeholders, escaping, sanitising) behind the preview, the test mail and
 * the real mails, the version a run fixes when it starts, and delivery through the organisation's own
 * SMTP server (a real one started here) instead of Proofmark's sender.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const at = (a: Admin) => ({ token: a.token });

const getTemplate = (a: Admin, cohort: string, kind: MailKind) =>
  api<MailTemplateView>(
    'GET',
    `/api/mail-templates?cohort=${encodeURIComponent(cohort)}&kind=${kind}`,
    at(a),
  );
const saveTemplate = (a: Admin, cohort: string, kind: MailKind, subject: string, html: string) =>
  api<MailTemplateView>('POST', '/api/mail-templates', { ...at(a), body: { cohort, kind, subject, html } });
const preview = (a: Admin, cohort: string, kind: MailKind, subject: string, html: string) =>
  api<{ subject: string; html: string; sample: { firstname: string; fromCohort: boolean } }>(
    'POST',
    '/api/mail-templates/preview',
    { ...at(a), body: { cohort, kind, subject, html } },
  );
/** Invites a cohort (`C`) or one recipient of it (`C=S1`). */
const invite = (a: Admin, selection: string) =>
  api<{ runId?: string }>('POST', '/api/invitations', {
    ...at(a),
    body: { selectedItems: [selection.includes('=') ? selection : `${selection}=`], certtype: 'degree' },
  });

const SMTP_USER = 'mailer@university.example.test';
const SMTP_PASS = `smtp ${randomUUID()}`;
const ORG_FROM = 'registrar@university.example.test';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Admin;

beforeAll(async () => {
  [smtp, admin] = await Promise.all([
    startSmtp([{ user: SMTP_USER, pass: SMTP_PASS }], (to) => to.startsWith('refuse')),
    registeredAdmin(),
  ]);
}, 120_000);
afterAll(async () => {
  await smtp?.stop();
});

describe('templates as versioned data', () => {
  it('answers the default of every kind until a cohort saves its own, then numbered versions', async () => {
    const cohort = `T-${randomUUID().slice(0, 6)}`;
    for (const kind of ['certificate', 'invitation', 'openbadge'] as const) {
      const res = await getTemplate(admin, cohort, kind);
      expect(res.status).toBe(200);
      expect(res.body.Data).toMatchObject({ version: 0, isDefault: true, ...defaultMailTemplates[kind] });
    }
    expect(defaultMailTemplates.certificate.subject).toBe(
      'A Digital credential has been issued by ORGANIZATION_NAME',
    );
    expect(defaultMailTemplates.invitation.subject).toBe(
      'ORGANIZATION_NAME wants to issue you a digital credentials',
    );
    expect(defaultMailTemplates.openbadge.subject).toBe('A OpenBadges has been baked by ORGANIZATION_NAME');

    const html = '<p>Hello FIRST_NAME, see <a href="VERIFIER_URL">your credential</a>.</p>';
    const v1 = await saveTemplate(admin, cohort, 'certificate', 'From ORGANIZATION_NAME', html);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.Data).toMatchObject({ version: 1, isDefault: false, subject: 'From ORGANIZATION_NAME' });
    const v2 = await saveTemplate(admin, cohort, 'certificate', 'Again from ORGANIZATION_NAME', html);
    expect(v2.body.Data!.version).toBe(2);
    expect((await getTemplate(admin, cohort, 'certificate')).body.Data).toMatchObject({ version: 2 });
    // Other kinds and cohorts keep their defaults.
    expect((await getTemplate(admin, cohort, 'invitation')).body.Data!.version).toBe(0);
    expect((await getTemplate(admin, `${cohort}-other`, 'certificate')).body.Data!.version).toBe(0);
  });

  it('stores a template without scripts, handlers, forms, frames, remote CSS, javascript: links or foreign images', async () => {
    const cohort = `S-${randomUUID().slice(0, 6)}`;
    const html = [
      '<p onclick="steal()">Dear FIRST_NAME<script>alert(1)</script></p>',
      '<img src="x" onerror="alert(1)"><img src="https://tracker.example.net/p.png">',
      '<a href="javascript:alert(1)">click</a><form action="https://evil.example"><input name="pw"></form>',
      '<iframe src="https://evil.example"></iframe><style>@import url(https://evil.example/a.css)</style>',
      '<div style="background:url(https://evil.example/bg.png)">styled</div>',
      '<p style="color:#123456">Code ONETIMECODE at INTRODUCTION_URL</p>',
    ].join('\n');
    const saved = await saveTemplate(admin, cohort, 'invitation', 'Hi', html);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = (await getTemplate(admin, cohort, 'invitation')).body.Data!.html;
    for (const gone of [
      '<script',
      'alert(1)',
      'onclick',
      'onerror',
      'javascript:',
      '<form',
      '<input',
      '<iframe',
      '<style',
      'url(',
      'tracker.example.net',
    ])
      expect(stored).not.toContain(gone);
    expect(stored).toContain('Dear FIRST_NAME');
    expect(stored).toContain('style="color:#123456"');
    expect(stored).toContain('ONETIMECODE');
  });

  it('refuses an unknown placeholder, one the kind has no value for, and a missing required one, naming them', async () => {
    const cohort = `R-${randomUUID().slice(0, 6)}`;
    const unknown = await saveTemplate(
      admin,
      cohort,
      'invitation',
      'Hi FIRST_NAME',
      '<p>ONETIMECODE INTRODUCTION_URL STUDENT_GRADE</p>',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(mm.unknownPlaceholder(['STUDENT_GRADE']));
    const foreign = await saveTemplate(admin, cohort, 'certificate', 'Hi', '<p>PDF_URL ONETIMECODE</p>');
    expect(foreign.body.message).toBe(mm.notInKind(['ONETIMECODE'], 'certificate'));
    const missing = await saveTemplate(admin, cohort, 'invitation', 'Hi', '<p>Code: ONETIMECODE</p>');
    expect(missing.body.message).toBe(mm.missingRequired(['INTRODUCTION_URL'], 'invitation'));
    const noLink = await saveTemplate(admin, cohort, 'certificate', 'Hi', '<p>Dear FIRST_NAME</p>');
    expect(noLink.body.message).toBe(
      mm.missingOneOf(['PDF_URL', 'JSON_URL', 'VERIFIER_URL', 'WALLET_LINK'], 'certificate'),
    );
    // Nothing was stored by the refused saves.
    expect((await getTemplate(admin, cohort, 'invitation')).body.Data!.version).toBe(0);
  });
});

describe('one composer', () => {
  it('previews every kind with a recipient of the cohort, escaping what is filled in', async () => {
    const cohort = `P-${randomUUID().slice(0, 6)}`;
    await addStudents(admin, cohort, [{ id: 'X1', first: '<img src=x onerror=alert(1)>' }]);
    for (const kind of ['certificate', 'invitation', 'openbadge'] as const) {
      const res = await preview(
        admin,
        cohort,
        kind,
        defaultMailTemplates[kind].subject,
        defaultMailTemplates[kind].html,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { html, subject, sample } = res.body.Data!;
      expect(sample).toMatchObject({ firstname: '<img src=x onerror=alert(1)>', fromCohort: true });
      expect(html).toContain('Dear &lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toMatch(/<img src=x|<[^>]*onerror/);
      expect(html).not.toMatch(
        /\b(ORGANIZATION_NAME|FIRST_NAME|QR_CODE|PDF_URL|JSON_URL|ONETIMECODE|INTRODUCTION_URL)\b/,
      );
      expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="240"/);
      expect(subject).not.toContain('ORGANIZATION_NAME');
    }
  });

  it('mails an invitation whose recipient is named like markup as text (product sender: local inbox)', async () => {
    const cohort = `E-${randomUUID().slice(0, 6)}`;
    const email = `esc-${randomUUID().slice(0, 6)}@example.test`;
    await addStudents(admin, cohort, [{ id: 'E1', first: '<img src=x onerror=alert(1)>', email }]);
    const res = await invite(admin, cohort);
    expect(res.status).toBe(202);
    const run = await finishedRun(admin, res.body.Data!.runId!);
    expect(run).toMatchObject({ done: 1, failed: 0, mailRoutes: { organisation: 0, product: 1 } });
    const mail = await awaitMail(email, /wants to issue you a digital credentials/);
    expect(mail.body.html).toContain('Dear &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.body.html).not.toMatch(/<img src=x|<[^>]*onerror/);
    expect(mail.body.html).toContain('src="cid:qrcode"');
    expect(mail.body.text).toContain('Dear <img src=x onerror=alert(1)>');
    expect(mail.body.text).toContain('https://wallet.blockcerts.org/#/introduce-recipient/');
  });

  it('sends each mail of a run with the version the run fixed when it started', async () => {
    const cohort = `V-${randomUUID().slice(0, 6)}`;
    const [a, b] = [
      `va-${randomUUID().slice(0, 6)}@example.test`,
      `vb-${randomUUID().slice(0, 6)}@example.test`,
    ];
    await addStudents(admin, cohort, [
      { id: 'V1', email: a },
      { id: 'V2', email: b },
    ]);
    const body = (n: number) => `<p>Version ${n} for FIRST_NAME: ONETIMECODE at INTRODUCTION_URL</p>`;
    expect((await saveTemplate(admin, cohort, 'invitation', 'First version', body(1))).status).toBe(200);
    // A run started while version 1 is current…
    const first = await invite(admin, `${cohort}=V2`);
    expect(first.status).toBe(202);
    const runId = first.body.Data!.runId!;
    expect((await awaitMail(b, /version/)).subject).toBe('First version');
    // …a new version is saved while the run still has a chunk to deliver: that chunk keeps version 1.
    expect((await saveTemplate(admin, cohort, 'invitation', 'Second version', body(2))).status).toBe(200);
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.queueUrls.invite,
        MessageBody: JSON.stringify({
          orgId: admin.orgId,
          runId,
          chunk: 1,
          certtype: 'degree',
          items: [`${cohort}=V1`],
          templates: { [cohort]: 1 },
        }),
      }),
    );
    const pinned = await awaitMail(a, /version/);
    expect(pinned.subject).toBe('First version');
    expect(pinned.body.text).toContain('Version 1 for');
    // A run started now fixes version 2.
    const now = await invite(admin, cohort);
    await finishedRun(admin, now.body.Data!.runId!);
    expect((await awaitMail(a, /Second version/)).body.text).toContain('Version 2 for');
  });

  it("sends a baked Open Badge with the cohort's own openbadge template, the name escaped", async () => {
    const cohort = `B-${randomUUID().slice(0, 6)}`;
    const email = `badge-${randomUUID().slice(0, 6)}@example.test`;
    await addStudents(
      admin,
      cohort,
      [{ id: 'B1', first: '<b onmouseover=x()>Bo</b>', email }],
      cloud(),
      'openbadges',
    );
    const html =
      '<p>Well done FIRST_NAME: your badge from ORGANIZATION_NAME is at <a href="BADGE_IMAGE_URL">its image</a>.</p>';
    const saved = await saveTemplate(admin, cohort, 'openbadge', 'Your ORGANIZATION_NAME badge', html);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Baking signs with the organisation's keys, made beside its Ethereum key.
    const key = await api('POST', '/api/keys', { ...at(admin), body: { blockchain: 'ethereum' } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const bakeId = randomUUID();
    const baked = await api('POST', '/api/workspace/bake', {
      ...at(admin),
      body: { certtype: 'openbadges', selectedItems: [`${cohort}=`], requestId: bakeId },
    });
    expect(baked.status, JSON.stringify(baked.body)).toBe(202);
    await finishedRun(admin, bakeId);
    const sent = await api<RunView>('POST', '/api/workspace/send', {
      ...at(admin),
      body: { certtype: 'openbadges', selectedItems: [`${cohort}=B1`] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(await finishedRun(admin, sent.body.Data!.id)).toMatchObject({ done: 1, failed: 0 });
    const mail = await awaitMail(email, /badge$/);
    expect(mail.subject).toMatch(/^Your .+ badge$/);
    expect(mail.subject).not.toContain('ORGANIZATION_NAME');
    expect(mail.body.html).toContain('Well done &lt;b onmouseover=x()&gt;Bo&lt;/b&gt;');
    expect(mail.body.html).not.toMatch(/<b onmouseover/);
    const image = /href="([^"]+\.png)"/.exec(mail.body.html ?? '')?.[1];
    expect(image).toBeDefined();
    expect((await fetch(image!)).headers.get('content-type')).toMatch(/^image\/png/);
    expect(mail.body.text).toContain('Well done <b onmouseover=x()>Bo</b>');
  }, 240_000);

  it('sends a test mail of the saved template to the caller, for each kind', async () => {
    const cohort = `M-${randomUUID().slice(0, 6)}`;
    for (const kind of ['certificate', 'invitation', 'openbadge'] as const) {
      const res = await api<{ to: string; runId: string }>('POST', '/api/mail-templates/test', {
        ...at(admin),
        body: { cohort, kind },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.Data!.to).toBe(admin.email);
      const run = await finishedRun(admin, res.body.Data!.runId);
      expect(run).toMatchObject({ kind: 'mail-test', done: 1, mailRoutes: { product: 1 } });
    }
    const subjects = (await mailTo(admin.email)).map((m) => m.subject);
    expect(subjects.some((s) => /A Digital credential has been issued by /.test(s))).toBe(true);
    expect(subjects.some((s) => /A OpenBadges has been baked by /.test(s))).toBe(true);
  });
});

describe("through the organisation's own mail server", () => {
  const received = (to: string) =>
    eventually(async () => smtp.received.find((r: ReceivedMail) => r.to.includes(to)), 60_000);

  it('sends certificates through the verified SMTP server with its From, nothing through the product sender; a refusing server fails the rows with its reason', async () => {
    const owner = await registeredAdmin();
    const saved = await api('POST', '/api/profile', {
      token: owner.token,
      body: {
        key: 'smtp',
        type: 'pwd',
        host: '127.0.0.1',
        port: smtp.port,
        username: SMTP_USER,
        password: SMTP_PASS,
        from: ORG_FROM,
        cc: '',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unverified = await api<{ mailverifiedat: string | null }>('GET', '/api/profile', {
      token: owner.token,
    });
    expect(unverified.body.Data!.mailverifiedat).toBeNull();
    const tested = await api('POST', '/api/profile/test-mail', { token: owner.token, body: {} });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(
      (await api<{ mailverifiedat: string | null }>('GET', '/api/profile', { token: owner.token })).body.Data!
        .mailverifiedat,
    ).toBeTruthy();

    const good = `grad-${randomUUID().slice(0, 6)}@example.test`;
    const refused = `refuse-${randomUUID().slice(0, 6)}@example.test`;
    const issued = await issuedCertificates(owner, [
      { id: 'G1', first: 'Ada', email: good },
      { id: 'G2', first: 'Bob', email: refused },
    ]);
    const send = await api<RunView>('POST', '/api/workspace/send', {
      token: owner.token,
      body: { certtype: 'degree', selectedItems: issued.items },
    });
    expect(send.status, JSON.stringify(send.body)).toBe(202);
    const run = await eventually(async () => {
      const r = (
        await api<RunView>('GET', `/api/workspace/runs/${send.body.Data!.id}`, { token: owner.token })
      ).body.Data;
      return r?.state === 'done' ? r : undefined;
    }, 90_000);
    expect(run).toMatchObject({
      done: 1,
      failed: 1,
      mailRoutes: { organisation: 1, product: 0, server: `127.0.0.1:${smtp.port}` },
    });
    expect(run.errors.join('\n')).toMatch(
      /G2: the mail could not be sent \(127\.0\.0\.1:\d+ answered: 550 5\.1\.1 Mailbox unavailable/,
    );

    const mail = await received(good);
    expect(mail.from).toBe(ORG_FROM);
    expect(mail.raw).toMatch(/^From: registrar@university\.example\.test/m);
    expect(mail.raw).toContain('Subject: A Digital credential has been issued by ');
    expect(mail.raw).toMatch(/Content-Id: <qrcode>/i);
    // Nothing left through Proofmark's sender, not even for the refused recipient.
    expect(await mailTo(good)).toEqual([]);
    expect(await mailTo(refused)).toEqual([]);

    const row = await clients().dynamo.send(
      new GetCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `ORG#${owner.orgId}#COH#${issued.cohort}`, sk: 'CT#degree#R#G2' },
      }),
    );
    expect(row.Item).toMatchObject({ status: 'Certificate issued' });
    expect(row.Item!.mailError).toMatch(/answered: 550 5\.1\.1 Mailbox unavailable/);
  }, 240_000);
});
