import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { batchResponse, type BatchView } from '@proofmark/shared/contract/batches';
import { type IssuingKeyView } from '@proofmark/shared/contract/keys';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import { api, clients, cloud, eventually } from './helpers';
import { uniqueEmail } from './accounts';

/**
 * Recipient rows for the workspace tests, made the way a user makes them: a spreadsheet upload,
 * then "Copy email as public key" for the rows that should be 'PK received'.
 */

export interface Student {
  id: string;
  first?: string;
  last?: string;
  email?: string;
  course?: string;
}

const header = ['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course'];

const xlsx = async (students: Student[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  ws.addRow(header);
  for (const s of students)
    ws.addRow([
      s.first ?? `First${s.id}`,
      '',
      s.last ?? `Last${s.id}`,
      s.email ?? uniqueEmail(s.id.toLowerCase()),
      '',
      s.id,
      s.course ?? 'Physics',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Uploads the students into the cohort and waits until the import is done. */
export const addStudents = async (
  admin: { token: string },
  cohortid: string,
  students: Student[],
  c: LocalCloudInfo = cloud(),
  certtype = 'degree',
) => {
  const bytes = await xlsx(students);
  const appUrl = c.appUrl;
  const t = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose: 'students', filename: `${cohortid}.xlsx`, size: bytes.length, cohortid, certtype },
    appUrl,
  });
  if (t.status !== 201) throw new Error(`upload ticket: ${JSON.stringify(t.body)}`);
  const put = await fetch(t.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`upload PUT: ${put.status}`);
  const imp = await api<UploadView>('POST', `/api/uploads/${t.body.Data!.id}/import`, {
    token: admin.token,
    appUrl,
  });
  if (imp.status !== 200 && imp.status !== 202) throw new Error(`import: ${JSON.stringify(imp.body)}`);
  const view = await eventually(async () => {
    const p = (
      await api<UploadView>('GET', `/api/uploads/${t.body.Data!.id}`, { token: admin.token, appUrl })
    ).body.Data!;
    return p.state === 'done' || p.state === 'failed' ? p : undefined;
  }, 100_000);
  if (view.state !== 'done') throw new Error(`import failed: ${JSON.stringify(view)}`);
};

/** "Copy email as public key": the rows become 'PK received'. */
export const toPkReceived = async (
  admin: { token: string },
  selectedItems: string[],
  c: LocalCloudInfo = cloud(),
  certtype = 'degree',
) => {
  const res = await api('POST', '/api/recipients/copy-email-as-key', {
    token: admin.token,
    body: { selectedItems, certtype },
    appUrl: c.appUrl,
  });
  if (res.status !== 200) throw new Error(`copy email as key: ${JSON.stringify(res.body)}`);
};

/** Sets attributes of a row directly (what no API sets yet, e.g. the Kruti Dev font flag). */
export const setRow = async (
  orgId: string,
  cohortid: string,
  studentid: string,
  changes: Record<string, unknown>,
  c: LocalCloudInfo = cloud(),
  certtype = 'degree',
) => {
  const entries = Object.entries(changes);
  await clients(c).dynamo.send(
    new UpdateCommand({
      TableName: c.resources.tableName,
      Key: { pk: `ORG#${orgId}#COH#${cohortid}`, sk: `CT#${certtype}#R#${studentid}` },
      UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
};

/** Sets organisation settings directly (e.g. a cleared blockchain, which the API cannot store). */
export const setOrgSetting = async (
  orgId: string,
  changes: Record<string, unknown>,
  c: LocalCloudInfo = cloud(),
) => {
  const entries = Object.entries(changes);
  await clients(c).dynamo.send(
    new UpdateCommand({
      TableName: c.resources.tableName,
      Key: { pk: `ORG#${orgId}`, sk: 'SETTINGS' },
      UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
};

/** Waits for a workspace run (generate, issue) to finish; a failed run fails the caller. */
export const finishedRun = (
  admin: { token: string },
  id: string,
  c: LocalCloudInfo = cloud(),
  timeoutMs = 180_000,
) =>
  eventually(async () => {
    const run = (
      await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token, appUrl: c.appUrl })
    ).body.Data;
    if (run?.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
    return run?.state === 'done' ? run : undefined;
  }, timeoutMs);

/** Waits for a run to end, done or failed (a run that did nothing ends failed), and answers it. */
export const settledRun = (
  admin: { token: string },
  id: string,
  c: LocalCloudInfo = cloud(),
  timeoutMs = 180_000,
) =>
  eventually(async () => {
    const run = (
      await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token, appUrl: c.appUrl })
    ).body.Data;
    return run?.state === 'done' || run?.state === 'failed' ? run : undefined;
  }, timeoutMs);

/** Waits until a batch (certificates or a status-list edition) is anchored and published. */
export const publishedBatch = (admin: { token: string }, id: string, c: LocalCloudInfo = cloud()) =>
  eventually(async () => {
    const b = batchResponse.parse(
      (await api('GET', `/api/batches/${id}`, { token: admin.token, appUrl: c.appUrl })).body,
    ).Data;
    return b.state === 'published' ? b : undefined;
  }, 90_000);

export interface IssuedCertificates {
  cohort: string;
  ids: string[];
  /** The rows as the workspace names them (`cohort=studentid`), for hold, revoke and the like. */
  items: string[];
  batch: BatchView;
  /** The published certificates, in the batch's order. */
  credentials: (Record<string, unknown> & { id: string })[];
}

/**
 * Certificates issued the one way the product issues them: an Ethereum key if the organisation has
 * none, the students uploaded into a new cohort, "Copy email as public key", Generate, then Issue
 * with the administrator's email and password (which debits the balance); waits until published.
 */
export const issuedCertificates = async (
  admin: { token: string; email: string; password: string },
  students: number | Student[],
  c: LocalCloudInfo = cloud(),
): Promise<IssuedCertificates> => {
  const opts = { token: admin.token, appUrl: c.appUrl };
  const keys = (await api<IssuingKeyView[]>('GET', '/api/keys', opts)).body.Data ?? [];
  if (!keys.some((k) => k.blockchain === 'ethereum' && !k.revoked)) {
    const key = await api('POST', '/api/keys', { ...opts, body: { blockchain: 'ethereum' } });
    if (key.status !== 201) throw new Error(`key: ${JSON.stringify(key.body)}`);
  }
  const cohort = `IC-${randomUUID().slice(0, 8)}`;
  const list =
    typeof students === 'number'
      ? Array.from({ length: students }, (_, i) => ({ id: `S${i + 1}` }))
      : students;
  const ids = list.map((s) => s.id);
  const items = ids.map((id) => `${cohort}=${id}`);
  await addStudents(admin, cohort, list, c);
  await toPkReceived(admin, items, c);
  const generated = await api<RunView>('POST', '/api/workspace/generate', {
    ...opts,
    body: { certtype: 'degree', selectedItems: items },
  });
  if (generated.status !== 202) throw new Error(`generate: ${JSON.stringify(generated.body)}`);
  await finishedRun(admin, generated.body.Data!.id, c);
  const issued = await api<RunView>('POST', '/api/workspace/issue', {
    ...opts,
    body: {
      email: admin.email,
      password: admin.password,
      certtype: 'degree',
      selectedItems: items,
      requestId: randomUUID(),
    },
  });
  if (issued.status !== 202) throw new Error(`issue: ${JSON.stringify(issued.body)}`);
  const run = await finishedRun(admin, issued.body.Data!.id, c);
  const batch = await publishedBatch(admin, run.batchId!, c);
  const credentials = await Promise.all(
    batch.credentials.map(
      async (x) => (await (await fetch(x.url)).json()) as Record<string, unknown> & { id: string },
    ),
  );
  return { cohort, ids, items, batch, credentials };
};
