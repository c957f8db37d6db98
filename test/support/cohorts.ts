// Recipients for workspace tests and benchmarks, made the way a user makes them: an .xlsx sheet
// uploaded through the presigned PUT, imported by the import job, keys copied from the emails.
import ExcelJS from 'exceljs';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { UploadView } from '@proofmark/shared/contract/uploads';

export interface Caller {
  appUrl: string;
  token: string;
}

const call = async <T>(c: Caller, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${c.appUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${c.token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { Status: number; message: string; Data?: T } };
};

const poll = async <T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  everyMs = 250,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

export interface SheetStudent {
  id: string;
  first: string;
  last: string;
  email: string;
}

export const sheetStudents = (count: number, tag: string): SheetStudent[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `S${String(i + 1).padStart(5, '0')}`,
    first: `Student${i + 1}`,
    last: tag,
    email: `s${i + 1}-${tag.toLowerCase()}@example.test`,
  }));

export const studentSheet = async (students: readonly SheetStudent[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  ws.addRow(['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course']);
  for (const s of students) ws.addRow([s.first, '', s.last, s.email, '', s.id, 'Physics']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Uploads the students into a (new) cohort and waits for the import job; returns the upload record. */
export const uploadCohort = async (
  c: Caller,
  cohortid: string,
  students: readonly SheetStudent[],
  certtype = 'degree',
): Promise<UploadView> => {
  const bytes = await studentSheet(students);
  const ticket = await call<{ id: string; url: string }>(c, 'POST', '/api/uploads', {
    purpose: 'students',
    filename: 'students.xlsx',
    size: bytes.length,
    cohortid,
    certtype,
  });
  if (ticket.status !== 201) throw new Error(`upload ticket: ${JSON.stringify(ticket.body)}`);
  const put = await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`upload PUT: ${put.status}`);
  const id = ticket.body.Data!.id;
  const started = await call<UploadView>(c, 'POST', `/api/uploads/${id}/import`);
  if (started.status >= 300) throw new Error(`import: ${JSON.stringify(started.body)}`);
  const done = await poll(
    async () => {
      const u = (await call<UploadView>(c, 'GET', `/api/uploads/${id}`)).body.Data!;
      return u.state === 'done' || u.state === 'failed' ? u : undefined;
    },
    300_000,
    'the import',
  );
  if (done.state !== 'failed') return done;
  throw new Error(`import failed: ${JSON.stringify(done)}`);
};

/**
 * Moves every row of the cohort (or the rows `items` names) to PK received with the email as the
 * key (the spec's "copy email as public key").
 */
export const copyEmailsAsKeys = async (
  c: Caller,
  cohortid: string,
  certtype = 'degree',
  items = [`${cohortid}=`],
) => {
  const res = await call(c, 'POST', '/api/recipients/copy-email-as-key', {
    selectedItems: items,
    certtype,
  });
  if (res.status !== 200) throw new Error(`copy email as key: ${JSON.stringify(res.body)}`);
};

/**
 * Polls a workspace run until it is done (throws when it failed or took too long), every
 * `everyMs` (the benches poll as the screen's run card does, once a second).
 */
export const finishedRun = async (
  c: Caller,
  runId: string,
  timeoutMs = 600_000,
  everyMs = 250,
): Promise<RunView> => {
  const run = await poll(
    async () => {
      const r = (await call<RunView>(c, 'GET', `/api/workspace/runs/${runId}`)).body.Data;
      return r && (r.state === 'done' || r.state === 'failed') ? r : undefined;
    },
    timeoutMs,
    `run ${runId}`,
    everyMs,
  );
  if (run.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
  return run;
};

export { call as workspaceCall };
