import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument } from 'pdf-lib';
import yauzl from 'yauzl';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { api, clients, cloud, eventually, mailTo, type SentMail } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { storeOf } from './store-fixtures';
import { qrPng } from '../../functions/src/render/qr';

/**
 * Sending and downloading certificates (§2.5 Issued tab, §5, §9) on the local cloud: refusals that
 * change nothing, the certificate mail and its links, the send job's idempotence, the download
 * job's zips, and the In-Progress direct zip with its cap.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const COHORT = 'Delivery-2026';
const BIG = 'Big-2026';

const table = () => cloud().resources.tableName;
const item = (student: string, cohort = COHORT) => `${cohort}=${student}`;

interface Row {
  studentid: string;
  email: string;
  status: string;
  certUuid?: string;
}

/** A recipient row as the workspace keeps it (functions/src/store/recipients.ts). */
const rowItem = (orgId: string, r: Row, cohort = COHORT, certtype = 'degree') => {
  const now = new Date().toISOString();
  return {
    orgId,
    cohortid: cohort,
    certtype,
    studentid: r.studentid,
    firstname: `First${r.studentid}`,
    middlename: '',
    lastname: `Last${r.studentid}`,
    email: r.email,
    secondemail: '',
    extra: {},
    status: r.status,
    publicKey: '0x1111111111111111111111111111111111111111',
    ...(r.certUuid ? { certUuid: r.certUuid, generatedAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  };
};

const rowsOf = async (orgId: string, cohort = COHORT) =>
  (
    await clients().dynamo.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}#COH#${cohort}` },
        ConsistentRead: true,
      }),
    )
  ).Items as Record<string, unknown>[];
const rowOf = async (orgId: string, student: string) =>
  (await rowsOf(orgId)).find((r) => r.studentid === student)!;

const runsOf = async (orgId: string) =>
  (
    await clients().dynamo.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :run)',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':run': 'RUN' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const sentStat = async (orgId: string) => {
  const month = new Date().toISOString().slice(0, 7);
  const out = await clients().dynamo.send(
    new GetCommand({
      TableName: table(),
      Key: { pk: `ORG#${orgId}`, sk: `STAT#${month}` },
      ConsistentRead: true,
    }),
  );
  return Number(out.Item?.sent ?? 0);
};

const finishedRun = (admin: Admin, id: string, timeoutMs = 60_000) =>
  eventually(async () => {
    const run = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data;
    return run && (run.state === 'done' || run.state === 'failed') ? run : undefined;
  }, timeoutMs);

/** The mails in the local inbox with their attachments (the store keeps them base64). */
type StoredMail = SentMail & {
  attachments?: { content: string; contentType: string; contentId?: string; filename?: string }[];
};
const inbox = async (address: string) => (await mailTo(address)) as StoredMail[];
const certificateSubject = /^A Digital credential has been issued by Analytical College$/;

/** Entries of a zip (name → bytes), read with yauzl. */
const unzip = (bytes: Buffer): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
const fetchZip = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return unzip(Buffer.from(await res.arrayBuffer()));
};

/**
 * Same options as the mailed and zipped QR codes: equal bytes mean the PNG encodes that URL
 * (render/qr.test.ts checks every module of qrPng's picture against the qrcode library's code).
 */
const qrOf = (url: string) => qrPng(url, { width: 240, margin: 2 });
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const queueDrained = (queueUrl: string) =>
  eventually(async () => {
    const out = await clients().sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const a = out.Attributes ?? {};
    return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesNotVisible) === 0
      ? true
      : undefined;
  }, 30_000);

describe('sending and downloading certificates', () => {
  let admin: Admin;
  let slug: string;
  const issued: (Row & { certUuid: string; credentialId: string })[] = [];
  const generated: Row[] = [];
  let review: Row;
  let pkReceived: Row;

  /**
   * The whole path the workspace takes: rows with a public key (as the wallet introduction leaves
   * them), generated (PDFs rendered), one sent for review, three issued (anchored, published).
   */
  beforeAll(async () => {
    admin = await registeredAdmin();
    expect(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status,
    ).toBe(201);
    const row = (studentid: string): Row => ({
      studentid,
      email: uniqueEmail(studentid.toLowerCase()),
      status: 'PK received',
    });
    const students = ['S1', 'S2', 'S3'].map(row);
    generated.push(row('G1'), row('G2'));
    review = row('R1');
    pkReceived = row('P1');
    for (const r of [...students, ...generated, review, pkReceived]) {
      await (await storeOf()).recipients().put(rowItem(admin.orgId, r)).go();
    }

    const gen = await api<RunView>('POST', '/api/workspace/generate', {
      token: admin.token,
      body: {
        certtype: 'degree',
        selectedItems: [...students, ...generated, review].map((r) => item(r.studentid)),
      },
    });
    expect(gen.status, JSON.stringify(gen.body)).toBe(202);
    expect(await finishedRun(admin, gen.body.Data!.id, 180_000)).toMatchObject({ state: 'done', done: 6 });
    const reviewed = await api('POST', '/api/workspace/review', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [item('R1')] },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const issuing = await api<RunView>('POST', '/api/workspace/issue', {
      token: admin.token,
      body: {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        requestId: randomUUID(),
        selectedItems: students.map((r) => item(r.studentid)),
      },
    });
    expect(issuing.status, JSON.stringify(issuing.body)).toBe(202);
    await eventually(async () => {
      const rows = await Promise.all(students.map((r) => rowOf(admin.orgId, r.studentid)));
      return rows.every((x) => x.status === 'Certificate issued') ? true : undefined;
    }, 180_000);

    const org = await clients().dynamo.send(
      new GetCommand({
        TableName: table(),
        Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' },
        ConsistentRead: true,
      }),
    );
    slug = String(org.Item!.verifierSlug);
    for (const r of students) {
      const certUuid = String((await rowOf(admin.orgId, r.studentid)).certUuid);
      issued.push({ ...r, status: 'Certificate issued', certUuid, credentialId: `urn:uuid:${certUuid}` });
    }
    for (const r of [...generated, review])
      r.certUuid = String((await rowOf(admin.orgId, r.studentid)).certUuid);

    // 251 generated rows: one more than the direct download takes.
    const big = Array.from({ length: 251 }, (_, i) =>
      rowItem(
        admin.orgId,
        {
          studentid: `B${String(i).padStart(3, '0')}`,
          email: `b${i}@example.test`,
          status: 'generated',
          certUuid: randomUUID(),
        },
        BIG,
      ),
    );
    const { unprocessed } = await (await storeOf()).recipients().put(big).go();
    expect(unprocessed).toEqual([]);
  }, 400_000);

  it('refuses every wrong selection with its message and changes nothing', async () => {
    const rowsBefore = await rowsOf(admin.orgId);
    const runsBefore = (await runsOf(admin.orgId)).length;
    const mailsBefore = await Promise.all(
      [...issued, pkReceived].map(async (r) => (await inbox(r.email)).length),
    );
    const refusals: [string, unknown, string][] = [
      ['/api/workspace/send', { certtype: 'degree', selectedItems: [] }, m.noSelectedStudents],
      ['/api/workspace/send', { certtype: 'degree', selectedItems: [item('P1')] }, m.selectCorrectItems],
      [
        '/api/workspace/send',
        { certtype: 'degree', selectedItems: [item('S1'), item('G1')] },
        m.selectCorrectItems,
      ],
      ['/api/workspace/send', { certtype: 'degree', selectedItems: [item('NOBODY')] }, m.noSelectedStudents],
      [
        '/api/workspace/download',
        { certtype: 'degree', selectedItems: [], downloadpdf: true },
        m.noSelectedStudents,
      ],
      ['/api/workspace/download', { certtype: 'degree', selectedItems: [item('S1')] }, m.noDownloadType],
      [
        '/api/workspace/download',
        { certtype: 'degree', selectedItems: [item('S1'), item('G1')], downloadjson: true },
        m.selectCorrectItems,
      ],
      ['/api/workspace/download-zip', { certtype: 'degree', selectedItems: [] }, m.noSelectedItems],
      [
        '/api/workspace/download-zip',
        { certtype: 'degree', selectedItems: [item('S1')] },
        m.selectCorrectItemsDot,
      ],
      [
        '/api/workspace/download-zip',
        { certtype: 'degree', selectedItems: [item('G1'), item('P1')] },
        m.selectCorrectItemsDot,
      ],
      ['/api/workspace/download-zip', { certtype: 'degree', selectedItems: [`${BIG}=`] }, m.zipCap(250)],
      [
        '/api/workspace/download-zip',
        {
          certtype: 'degree',
          selectedItems: Array.from({ length: 251 }, (_, i) => item(`B${String(i).padStart(3, '0')}`, BIG)),
        },
        'Please select up to 250 of students.',
      ],
    ];
    for (const [path, body, message] of refusals) {
      const res = await api('POST', path, { token: admin.token, body });
      expect([res.status, res.body.message], `${path} ${JSON.stringify(body).slice(0, 120)}`).toEqual([
        400,
        message,
      ]);
    }
    expect(await rowsOf(admin.orgId)).toEqual(rowsBefore);
    expect((await runsOf(admin.orgId)).length).toBe(runsBefore);
    expect(
      await Promise.all([...issued, pkReceived].map(async (r) => (await inbox(r.email)).length)),
    ).toEqual(mailsBefore);
  });

  it('mails each certificate with working links and marks the row sent, once per run', async () => {
    const statBefore = await sentStat(admin.orgId);
    const res = await api<RunView>('POST', '/api/workspace/send', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: issued.map((r) => item(r.studentid)) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.Data).toMatchObject({ kind: 'send', total: 3 });
    const run = await finishedRun(admin, res.body.Data!.id);
    expect(run).toMatchObject({
      state: 'done',
      done: 3,
      failed: 0,
      errors: [],
      mailRoutes: { organisation: 0, product: 3 },
    });

    for (const r of issued) {
      const mails = (await inbox(r.email)).filter((x) => certificateSubject.test(x.subject));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      const html = mail.body.html ?? '';
      expect(html).toContain(`Dear First${r.studentid},`);
      const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
      const jsonUrl = hrefs.find((h) => h.endsWith(`/credentials/${slug}/${r.certUuid}.json`))!;
      const pdfUrl = hrefs.find((h) => h.endsWith(`/credentials/${slug}/${r.certUuid}.pdf`))!;
      // The verifier page's link is tracked: our redirect leads to it (engagement analytics).
      const tracked = hrefs.find((h) => /\/api\/public\/mail\/[^/]+\/link\/0$/.test(h))!;
      const verifierUrl = (await fetch(tracked, { redirect: 'manual' })).headers.get('location')!;
      expect(verifierUrl).toContain(`/verify/${slug}?id=${r.certUuid}`);
      expect([jsonUrl, pdfUrl, verifierUrl].every(Boolean), hrefs.join('\n')).toBe(true);

      const credential = (await (await fetch(jsonUrl)).json()) as { id: string };
      expect(credential.id).toBe(r.credentialId);
      const pdf = Buffer.from(await (await fetch(pdfUrl)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const page = await fetch(verifierUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      // STANDARDS.md: the wallet's import link carries the credential URL, encoded.
      expect(hrefs).toContain(
        `https://wallet.blockcerts.org/#/import-certificate/${encodeURIComponent(jsonUrl)}`,
      );
      // The QR code is an inline image of the verifier page.
      expect(html).toContain('src="cid:qrcode"');
      const qr = mail.attachments?.find((a) => a.contentId?.replace(/[<>]/g, '') === 'qrcode');
      const png = Buffer.from(qr!.content, 'base64');
      expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(png.equals(qrOf(verifierUrl))).toBe(true);
      expect(mail.body.text).toContain(jsonUrl);

      const row = await rowOf(admin.orgId, r.studentid);
      expect(row).toMatchObject({ status: 'Certificate sent', sentCount: 1, sendRun: run.id });
      expect(Date.parse(String(row.sentAt))).toBeGreaterThan(Date.now() - 120_000);
    }
    expect(await sentStat(admin.orgId)).toBe(statBefore + 3);

    // The same chunk delivered again (SQS delivers at least once): no mail, no count.
    const message = {
      orgId: admin.orgId,
      runId: run.id,
      chunk: 0,
      certtype: 'degree',
      items: issued.map((r) => item(r.studentid)),
    };
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.queueUrls.send,
        MessageBody: JSON.stringify(message),
      }),
    );
    await queueDrained(cloud().resources.queueUrls.send);
    await new Promise((r) => setTimeout(r, 500));
    for (const r of issued) {
      expect((await rowOf(admin.orgId, r.studentid)).sentCount).toBe(1);
      expect((await inbox(r.email)).filter((x) => certificateSubject.test(x.subject))).toHaveLength(1);
    }
    // The chunk's counts (the run's done and mails by route) are written with its once-only mark.
    expect(await finishedRun(admin, run.id)).toMatchObject({
      done: 3,
      failed: 0,
      mailRoutes: { organisation: 0, product: 3 },
    });
    expect(await sentStat(admin.orgId)).toBe(statBefore + 3);

    // Sending again is a new run: allowed, mailed and counted.
    const again = await api<RunView>('POST', '/api/workspace/send', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [item('S1')] },
    });
    expect(again.status).toBe(202);
    expect(await finishedRun(admin, again.body.Data!.id)).toMatchObject({ done: 1, failed: 0 });
    expect((await rowOf(admin.orgId, 'S1')).sentCount).toBe(2);
    expect((await inbox(issued[0]!.email)).filter((x) => certificateSubject.test(x.subject))).toHaveLength(2);
    expect(await sentStat(admin.orgId)).toBe(statBefore + 4);
  });

  it('zips the chosen files of issued and reviewed certificates', async () => {
    const selection = [...issued.map((r) => item(r.studentid)), item('R1')];
    const res = await api<RunView>('POST', '/api/workspace/download', {
      token: admin.token,
      body: {
        certtype: 'degree',
        selectedItems: selection,
        downloadjson: true,
        downloadpdf: true,
        downloadprint: true,
        downloadqrcode: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.Data).toMatchObject({ kind: 'download', total: 4 });
    const run = await finishedRun(admin, res.body.Data!.id);
    expect(run).toMatchObject({ state: 'done', done: 4, failed: 0, message: m.downloadDone });
    const files = await fetchZip(run.downloadUrl!);
    const expected = [
      ...issued.flatMap((r) => [
        `${r.studentid}.json`,
        `${r.studentid}.pdf`,
        `${r.studentid}-print.pdf`,
        `${r.studentid}-qr.png`,
      ]),
      // Sent for Review: not issued, so no signed JSON yet.
      'R1.pdf',
      'R1-print.pdf',
      'R1-qr.png',
    ];
    expect([...files.keys()].sort()).toEqual(expected.sort());
    for (const r of issued) {
      expect(JSON.parse(files.get(`${r.studentid}.json`)!.toString()).id).toBe(r.credentialId);
      expect(files.get(`${r.studentid}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
      const verifierUrl = `${cloud().appUrl}/verify/${slug}?id=${r.certUuid}`;
      expect(files.get(`${r.studentid}-qr.png`)!.equals(qrOf(verifierUrl))).toBe(true);
    }
    let pages = 0;
    for (const r of [...issued, review])
      pages += (await PDFDocument.load(files.get(`${r.studentid}.pdf`)!)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(4);

    const one = await api<RunView>('POST', '/api/workspace/download', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: selection, downloadpdf: true, downloadtype: 'consolidated' },
    });
    expect(one.status).toBe(202);
    const joined = await fetchZip((await finishedRun(admin, one.body.Data!.id)).downloadUrl!);
    expect([...joined.keys()]).toEqual(['certificates.pdf']);
    expect((await PDFDocument.load(joined.get('certificates.pdf')!)).getPageCount()).toBe(pages);
  });

  it('zips generated PDFs during the call from the In-Progress tab', async () => {
    const res = await api<{ url: string; count: number }>('POST', '/api/workspace/download-zip', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [item('G1'), item('G2'), item('R1')] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data!.count).toBe(3);
    const files = await fetchZip(res.body.Data!.url);
    expect([...files.keys()].sort()).toEqual(['G1.pdf', 'G2.pdf', 'R1.pdf']);
    for (const f of files.values()) expect(f.subarray(0, 5).toString()).toBe('%PDF-');
    // Exactly at the cap is fine.
    const cap = await api<{ url: string; count: number }>('POST', '/api/workspace/download-zip', {
      token: admin.token,
      body: {
        certtype: 'degree',
        selectedItems: Array.from({ length: 250 }, (_, i) => item(`B${String(i).padStart(3, '0')}`, BIG)),
      },
    });
    // Those rows have no rendered PDFs: the zip would be empty, which is refused.
    expect([cap.status, cap.body.message]).toEqual([400, m.downloadFailed]);
  });
  it('sends baked Open Badges with their own mail', async () => {
    const badge: Row = { studentid: 'OB1', email: uniqueEmail('ob1'), status: 'PK received' };
    await (await storeOf()).recipients().put(rowItem(admin.orgId, badge, COHORT, 'openbadges')).go();
    const selection = { certtype: 'openbadges', selectedItems: [item('OB1')] };
    const baked = await api<RunView>('POST', '/api/workspace/bake', {
      token: admin.token,
      body: { ...selection, requestId: randomUUID() },
    });
    expect(baked.status, JSON.stringify(baked.body)).toBe(202);
    const rowKey = { pk: `ORG#${admin.orgId}#COH#${COHORT}`, sk: 'CT#openbadges#R#OB1' };
    const row = await eventually(async () => {
      const out = await clients().dynamo.send(
        new GetCommand({ TableName: table(), Key: rowKey, ConsistentRead: true }),
      );
      return out.Item?.status === 'Certificate issued' ? out.Item : undefined;
    }, 180_000);
    const sent = await api<RunView>('POST', '/api/workspace/send', { token: admin.token, body: selection });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(await finishedRun(admin, sent.body.Data!.id)).toMatchObject({ done: 1, failed: 0 });
    const mail = (await inbox(badge.email)).find(
      (x) => x.subject === 'A OpenBadges has been baked by Analytical College',
    );
    expect(mail, (await inbox(badge.email)).map((x) => x.subject).join()).toBeDefined();
    const hrefs = [...(mail!.body.html ?? '').matchAll(/href="([^"]+)"/g)].map((x) => x[1]!);
    const png = hrefs.find((h) => h.endsWith(`/credentials/${slug}/${row.certUuid}.png`))!;
    const json = hrefs.find((h) => h.endsWith(`/credentials/${slug}/${row.certUuid}.json`))!;
    expect(Buffer.from(await (await fetch(png)).arrayBuffer()).subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(((await (await fetch(json)).json()) as { id: string }).id).toBe(`urn:uuid:${row.certUuid}`);
    // The verifier page's link is tracked: our redirect leads to it (engagement analytics).
    const tracked = hrefs.find((h) => /\/api\/public\/mail\/[^/]+\/link\/0$/.test(h))!;
    expect((await fetch(tracked, { redirect: 'manual' })).headers.get('location')).toBe(
      `${cloud().appUrl}/verify/${slug}?id=${row.certUuid}`,
    );
    const after = await clients().dynamo.send(
      new GetCommand({ TableName: table(), Key: rowKey, ConsistentRead: true }),
    );
    expect(after.Item).toMatchObject({ status: 'Certificate sent', sentCount: 1 });
  });
});
