import { randomUUID } from 'node:crypto';
import { AppError, badRequest, conflict, notFound, type ErrorCode } from '@proofmark/shared/errors';
import type { CreateUploadRequest, UploadView } from '@proofmark/shared/contract/uploads';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  extensionOf,
  fileNameProblem,
  uploadExtensions,
  uploadLimits,
  validCohortId,
  type FileKind,
  type UploadPurpose,
} from '@proofmark/shared/recipients/rules';
import { deleteObject, objectSize, presignedPutUrl } from '../../adapters/blobs';
import { enqueueJob } from '../../adapters/queue';
import { uploads } from '../../store/uploads';
import { rowsWrittenBeforeEntities as earlierRows, written } from '../../store/table';
import { objectKeys } from '../object-keys';
import { getCohort } from '../recipients/recipient-store';

/**
 * Uploads (ManageStudents, §5): the browser asks for a presigned PUT URL, puts the file straight
 * into the artefacts bucket under `<org>/uploads/<uuid>`, then asks to import it. The import checks
 * the bytes (never the name) and builds the whole plan — students, photos, documents — before it
 * writes anything, so a refused file leaves nothing behind. Files up to INLINE_IMPORT_BYTES are
 * imported by the import job (uploads/import.ts) while the call waits; larger ones answer at once and
 * the upload record shows the job's progress.
 */
export const INLINE_IMPORT_BYTES = 256 * 1024;
const PUT_URL_SECONDS = 300;
const MB = 1024 * 1024;

export interface UploadRecord {
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
  /** The refusal's error code, so a caller waiting for the import job answers as it would have. */
  refusalCode?: ErrorCode;
  /** When the import job gave up and its message was parked: a redrive may still finish it. */
  parkedAt?: string;
}

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

export const getRecord = async (orgId: string, id: string): Promise<UploadRecord> => {
  const { data } = await uploads()
    .get({ orgId, id })
    .go({ ...earlierRows, consistent: true });
  if (!data) throw notFound();
  return data as UploadRecord;
};

/** Sets fields of an existing record, only from one of `fromStates` when given; false when refused. */
export const setRecord = async (
  orgId: string,
  id: string,
  changes: Partial<Omit<UploadRecord, 'orgId' | 'id'>>,
  fromStates?: UploadRecord['state'][],
): Promise<boolean> => {
  const update = uploads().patch({ orgId, id }).set(changes);
  return written(
    (fromStates
      ? // ElectroDB joins this to the existence check with AND, without parentheses.
        update.where(({ state }, { eq }) => `(${fromStates.map((s) => eq(state, s as string)).join(' OR ')})`)
      : update
    ).go({ response: 'none' }),
  );
};

/** Records the refusal, removes the uploaded object, and throws the refusal. */
export const refuseRecord = async (record: UploadRecord, err: AppError): Promise<never> => {
  await setRecord(record.orgId, record.id, {
    state: 'failed',
    message: err.message,
    refusalCode: err.code,
    problems: (err.details ?? []).map((d) => ({ where: d.path, reason: d.message })),
  });
  await deleteObject('artefacts', record.objectKey);
  throw err;
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
    objectKey: objectKeys.upload(orgId, id),
    state: 'awaiting-file',
    total: 0,
    done: 0,
    message: '',
    problems: [],
    summary: { recipients: 0, photos: 0, documents: 0 },
    createdAt: new Date().toISOString(),
  };
  await uploads().put(record).go({ response: 'none' });
  return {
    id,
    url: await presignedPutUrl('artefacts', record.objectKey, PUT_URL_SECONDS),
    method: 'PUT' as const,
    expiresIn: PUT_URL_SECONDS,
  };
};

/** How long a call waits for the import job of a small file before it answers "queued" (202). */
const IMPORT_WAIT_MS = 20_000;
const IMPORT_POLL_MS = 200;

/**
 * Starts the import of an uploaded file: the import job reads it (exceljs, pdf-lib and the image
 * decoders live in the job's function only, keeping this one small). For a small file the call
 * waits for the job and answers as if it had imported the file itself — the summary, or the
 * refusal with its message and each bad row or file; a large one answers `queued` at once.
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
  if (!(await setRecord(orgId, id, { state: 'queued', message: m.importQueued }, ['awaiting-file'])))
    throw conflict(m.uploadAlreadyImported);
  await enqueueJob('import', { orgId, uploadId: id });
  if (size > INLINE_IMPORT_BYTES) return { view: await getUpload(orgId, id), queued: true };
  return importOutcome(await waitForImport(orgId, id));
};

const waitForImport = async (orgId: string, id: string): Promise<UploadRecord> => {
  const deadline = Date.now() + IMPORT_WAIT_MS;
  for (;;) {
    const record = await getRecord(orgId, id);
    if (record.state === 'done' || record.state === 'failed' || Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
  }
};

const importOutcome = (record: UploadRecord): { view: UploadView; queued: boolean } => {
  if (record.state === 'failed')
    throw new AppError(record.refusalCode ?? 'bad_request', record.message, {
      details: record.problems.map((p) => ({ path: p.where, message: p.reason })),
    });
  return { view: viewOf(record), queued: record.state !== 'done' };
};
