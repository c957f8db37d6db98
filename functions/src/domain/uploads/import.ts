import { randomUUID } from 'node:crypto';
import { AppError, badRequest, type FieldIssue } from '@proofmark/shared/errors';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  baseNameOf,
  readStudentSheet,
  uploadLimits,
  type StudentRow,
} from '@proofmark/shared/recipients/rules';
import { deleteObject, getObjectBytes, putObject } from '../../adapters/blobs';
import { loadUpload, type LoadedFile } from './files';
import {
  listCohortRows,
  CREATED_PER_TRANSACTION,
  mapLimit,
  putCohort,
  putNewStudents,
  updateRecipientItem,
  upsertStudent,
} from '../recipients/recipient-store';
import { getRecord, getUpload, refuseRecord, setRecord, viewOf, type UploadRecord } from './uploads';

/*
 * The import job's half of uploads (uploads/uploads.ts is the request half): reading the file — sheets with
 * exceljs, PDFs with pdf-lib, photos decoded — and writing its rows and files.
 */

const MB = 1024 * 1024;
const fileObjectKey = (orgId: string, folder: 'photos' | 'documents', ext: string) =>
  `${orgId}/${folder}/${randomUUID()}.${ext}`;

interface Plan {
  students: StudentRow[];
  photos: { studentid: string; kind: 'png' | 'jpeg'; bytes: Buffer }[];
  documents: { studentid: string; bytes: Buffer }[];
}

/** Everything the file will write, checked whole before anything is written. */
const planOf = async (record: UploadRecord, loaded: LoadedFile): Promise<Plan> => {
  const plan: Plan = { students: [], photos: [], documents: [] };
  const sheet = loaded.kind === 'xlsx' ? loaded.sheet : loaded.kind === 'zip' ? loaded.sheet : undefined;
  if (sheet) {
    const read = readStudentSheet(sheet.header, sheet.rows);
    if (!read.ok)
      throw badRequest(
        read.message,
        read.problems.map((p) => ({ path: `row ${p.row}`, message: p.reason })),
      );
    plan.students = read.students;
  }
  const files =
    loaded.kind === 'zip'
      ? loaded.files
      : loaded.kind === 'xlsx'
        ? []
        : [{ name: record.filename, kind: loaded.kind, bytes: loaded.bytes }];
  for (const f of files) {
    const studentid = baseNameOf(f.name);
    if (f.kind === 'pdf') plan.documents.push({ studentid, bytes: f.bytes });
    else if (f.kind === 'png' || f.kind === 'jpeg')
      plan.photos.push({ studentid, kind: f.kind, bytes: f.bytes });
  }
  if (plan.photos.length || plan.documents.length) {
    const existing = await listCohortRows(record.orgId, record.cohortid, record.certtype);
    const known = new Set([...existing.map((r) => r.studentid), ...plan.students.map((s) => s.studentid)]);
    const unmatched: FieldIssue[] = files
      .filter((f) => !known.has(baseNameOf(f.name)))
      .map((f) => ({ path: f.name, message: m.noSuchStudentForFile(f.name) }));
    if (unmatched.length) throw badRequest(m.filesUnmatched(unmatched.length), unmatched);
  }
  return plan;
};

const PROGRESS_EVERY = 50;
const NEW_ROWS_PER_STEP = 2 * CREATED_PER_TRANSACTION;

/**
 * The import job gave up on its last delivery: the upload fails with the reason and is marked
 * parked, so a redrive of its message imports it after all. A finished upload is left as it is.
 */
export const settleImportFailed = (orgId: string, id: string, reason: string) =>
  setRecord(orgId, id, { state: 'failed', message: reason, parkedAt: new Date().toISOString() }, [
    'queued',
    'importing',
  ]);

/**
 * Imports an upload: used during the call for small files and by the import job for large ones.
 * Idempotent: every write is an upsert, so a retried job simply finishes the work.
 */
export const runImport = async (
  orgId: string,
  id: string,
  opts: { rethrow: boolean },
): Promise<UploadView> => {
  const record = await getRecord(orgId, id);
  // A refusal is final; an import whose job gave up (parked) is finished by a redrive.
  if (record.state === 'done' || (record.state === 'failed' && !record.parkedAt)) return viewOf(record);
  await setRecord(orgId, id, { state: 'importing', message: m.importQueued });
  let plan: Plan;
  try {
    // Read at most one byte past the limit: the object may have been replaced since its size was checked.
    const bytes = await getObjectBytes('artefacts', record.objectKey, uploadLimits[record.kind] + 1);
    if (!bytes) throw badRequest(m.fileNotUploaded);
    if (bytes.length > uploadLimits[record.kind])
      throw new AppError('payload_too_large', m.fileTooLarge(uploadLimits[record.kind] / MB));
    plan = await planOf(record, await loadUpload(record.kind, Buffer.from(bytes), record.filename));
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return refuseRecord(record, err).catch((refusal: unknown) => {
      if (opts.rethrow) throw refusal;
      return getUpload(orgId, id);
    });
  }

  const total = plan.students.length + plan.photos.length + plan.documents.length;
  await setRecord(orgId, id, { total, done: 0 });
  let done = 0;
  const tick = async () => {
    done += 1;
    if (done % PROGRESS_EVERY === 0) await setRecord(orgId, id, { done });
  };
  if (plan.students.length) await putCohort(orgId, record.cohortid);
  const before = new Map(
    (await listCohortRows(orgId, record.cohortid, record.certtype)).map((r) => [r.studentid, r]),
  );
  const fresh = plan.students.filter((s) => !before.has(s.studentid));
  // New rows go in full transactions (putNewStudents: 98 rows and their counts each), not one per
  // progress step: a 10,000-row sheet is ~100 transactions, their number being what the import costs.
  for (let i = 0; i < fresh.length; i += NEW_ROWS_PER_STEP) {
    const part = fresh.slice(i, i + NEW_ROWS_PER_STEP);
    await putNewStudents(orgId, record.cohortid, record.certtype, part);
    done += part.length;
    await setRecord(orgId, id, { done });
  }
  await mapLimit(
    plan.students.filter((s) => before.has(s.studentid)),
    10,
    async (s) => {
      await upsertStudent(orgId, record.cohortid, record.certtype, s);
      await tick();
    },
  );
  const rowKey = (studentid: string) => ({
    orgId,
    cohortid: record.cohortid,
    certtype: record.certtype,
    studentid,
  });
  await mapLimit(plan.photos, 5, async (p) => {
    const key = fileObjectKey(orgId, 'photos', p.kind === 'png' ? 'png' : 'jpg');
    const contentType = p.kind === 'png' ? 'image/png' : 'image/jpeg';
    await putObject('artefacts', key, p.bytes, contentType);
    await updateRecipientItem(rowKey(p.studentid), { photoKey: key, photoContentType: contentType });
    const old = before.get(p.studentid)?.photoKey;
    if (old && old !== key) await deleteObject('artefacts', old);
    await tick();
  });
  await mapLimit(plan.documents, 5, async (d) => {
    const key = fileObjectKey(orgId, 'documents', 'pdf');
    await putObject('artefacts', key, d.bytes, 'application/pdf');
    await updateRecipientItem(rowKey(d.studentid), { documentKey: key });
    const old = before.get(d.studentid)?.documentKey;
    if (old && old !== key) await deleteObject('artefacts', old);
    await tick();
  });
  const summary = {
    recipients: plan.students.length,
    photos: plan.photos.length,
    documents: plan.documents.length,
  };
  await setRecord(orgId, id, {
    state: 'done',
    done: total,
    summary,
    message: m.importDone(summary.recipients, summary.photos, summary.documents),
  });
  await deleteObject('artefacts', record.objectKey);
  return getUpload(orgId, id);
};
