import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, badRequest, conflict, notFound, type FieldIssue } from '@proofmark/shared/errors';
import type { CreateUploadRequest, UploadView } from '@proofmark/shared/api/recipients';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  baseNameOf,
  extensionOf,
  fileNameProblem,
  readStudentSheet,
  uploadExtensions,
  uploadLimits,
  validCohortId,
  type FileKind,
  type StudentRow,
  type UploadPurpose,
} from '@proofmark/shared/recipients/rules';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds, setExpression } from '../adapters/table';
import { deleteObject, getObjectBytes, objectSize, presignedPutUrl, putObject } from '../adapters/blobs';
import { enqueueJob } from '../adapters/queue';
import { loadUpload, type LoadedFile } from './upload-files';
import {
  getCohort,
  listCohortRows,
  mapLimit,
  putCohort,
  putNewStudents,
  recipientKeys,
  updateRecipientItem,
  upsertStudent,
} from './recipient-store';

/**
 * Uploads (ManageStudents, §5): the browser asks for a presigned PUT URL, puts the file straight
 * into the artefacts bucket under `<org>/uploads/<uuid>`, then asks to import it. The import checks
 * the bytes (never the name) and builds the whole plan — students, photos, documents — before it
 * writes anything, so a refused file leaves nothing behind. Files up to INLINE_IMPORT_BYTES are
 * imported during the call; larger ones by the import job, whose progress the upload record shows.
 */
export const INLINE_IMPORT_BYTES = 256 * 1024;
const PUT_URL_SECONDS = 300;
const MB = 1024 * 1024;

interface UploadRecord {
  orgId: string;
  id: string;
  purpose: UploadPurpose;
  filename: string;
  kind: FileKind;
  certtype: string;
  cohortid: string;
  objectKey: string;
  state: UploadView['state'];
  total: number;
  done: number;
  message: string;
  problems: UploadView['problems'];
  summary: UploadView['summary'];
  createdAt: string;
}

const uploadKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `UPLOAD#${id}` });
// Under one `uploads/` prefix, so a bucket lifecycle rule expires whatever an import left behind
// (a file PUT again to a ticket's URL after its import, an upload never imported).
const uploadObjectKey = (orgId: string, id: string) => `uploads/${orgId}/${id}`;
const fileObjectKey = (orgId: string, folder: 'photos' | 'documents', ext: string) =>
  `${orgId}/${folder}/${randomUUID()}.${ext}`;

export const viewOf = (r: UploadRecord): UploadView => ({
  id: r.id,
  purpose: r.purpose,
  filename: r.filename,
  certtype: r.certtype,
  cohortid: r.cohortid,
  state: r.state,
  total: r.total,
  done: r.done,
  message: r.message,
  problems: r.problems,
  summary: r.summary,
  createdAt: r.createdAt,
});

const getRecord = async (orgId: string, id: string): Promise<UploadRecord> => {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: functionConfig().tableName,
      Key: uploadKey(orgId, id),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) throw notFound();
  return out.Item as UploadRecord;
};

const setRecord = async (
  orgId: string,
  id: string,
  changes: Partial<UploadRecord>,
  fromStates?: UploadRecord['state'][],
): Promise<boolean> => {
  const update = setExpression(changes);
  const names: Record<string, string> = { ...update.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ...update.ExpressionAttributeValues };
  let condition = 'attribute_exists(pk)';
  if (fromStates) {
    names['#state'] = 'state';
    condition += ` AND #state IN (${fromStates.map((s, i) => {
      values[`:s${i}`] = s;
      return `:s${i}`;
    })})`;
  }
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: uploadKey(orgId, id),
        UpdateExpression: update.UpdateExpression,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
};

export const getUpload = async (orgId: string, id: string) => viewOf(await getRecord(orgId, id));

export const createUpload = async (orgId: string, req: CreateUploadRequest) => {
  const nameProblem = fileNameProblem(req.purpose, req.filename);
  if (nameProblem) throw badRequest(nameProblem);
  const kind = uploadExtensions[req.purpose][extensionOf(req.filename)]!;
  if (req.size === 0) throw badRequest(m.fileEmpty);
  if (req.size > uploadLimits[kind])
    throw new AppError('payload_too_large', m.fileTooLarge(uploadLimits[kind] / MB));
  // A sheet (alone or in a zip) may create its cohort; photos and documents belong to an existing one.
  if (!req.cohortid) throw badRequest(m.noSelectedCohort);
  if (!validCohortId(req.cohortid)) throw badRequest(m.cohortIdInvalid);
  if (kind !== 'xlsx' && kind !== 'zip' && !(await getCohort(orgId, req.cohortid)))
    throw badRequest(m.noSelectedCohort);

  const id = randomUUID();
  const record: UploadRecord = {
    orgId,
    id,
    purpose: req.purpose,
    filename: req.filename,
    kind,
    certtype: req.certtype,
    cohortid: req.cohortid,
    objectKey: uploadObjectKey(orgId, id),
    state: 'awaiting-file',
    total: 0,
    done: 0,
    message: '',
    problems: [],
    summary: { recipients: 0, photos: 0, documents: 0 },
    createdAt: new Date().toISOString(),
  };
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: { ...uploadKey(orgId, id), type: 'upload', ...record },
    }),
  );
  return {
    id,
    url: await presignedPutUrl('artefacts', record.objectKey, PUT_URL_SECONDS),
    method: 'PUT' as const,
    expiresIn: PUT_URL_SECONDS,
  };
};

/**
 * Starts the import of an uploaded file. Small files are imported now (a refusal is thrown with
 * its message and each bad row or file); large ones are handed to the import job (`queued`).
 */
export const startImport = async (
  orgId: string,
  id: string,
): Promise<{ view: UploadView; queued: boolean }> => {
  const record = await getRecord(orgId, id);
  if (record.state !== 'awaiting-file') throw conflict(m.uploadAlreadyImported);
  const size = await objectSize('artefacts', record.objectKey);
  if (size === undefined) throw badRequest(m.fileNotUploaded);
  if (size > uploadLimits[record.kind]) {
    await refuseRecord(
      record,
      new AppError('payload_too_large', m.fileTooLarge(uploadLimits[record.kind] / MB)),
    );
  }
  if (size <= INLINE_IMPORT_BYTES) {
    if (!(await setRecord(orgId, id, { state: 'importing' }, ['awaiting-file'])))
      throw conflict(m.uploadAlreadyImported);
    return { view: await runImport(orgId, id, { rethrow: true }), queued: false };
  }
  if (!(await setRecord(orgId, id, { state: 'queued', message: m.importQueued }, ['awaiting-file'])))
    throw conflict(m.uploadAlreadyImported);
  await enqueueJob('import', { orgId, uploadId: id });
  return { view: await getUpload(orgId, id), queued: true };
};

/** Records the refusal, removes the uploaded object, and throws the refusal. */
const refuseRecord = async (record: UploadRecord, err: AppError): Promise<never> => {
  await setRecord(record.orgId, record.id, {
    state: 'failed',
    message: err.message,
    problems: (err.details ?? []).map((d) => ({ where: d.path, reason: d.message })),
  });
  await deleteObject('artefacts', record.objectKey);
  throw err;
};

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
  if (record.state === 'done' || record.state === 'failed') return viewOf(record);
  await setRecord(orgId, id, { state: 'importing' });
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
  for (let i = 0; i < fresh.length; i += PROGRESS_EVERY) {
    const part = fresh.slice(i, i + PROGRESS_EVERY);
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
  const rowKey = (studentid: string) =>
    recipientKeys.recipient(orgId, record.cohortid, record.certtype, studentid);
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
