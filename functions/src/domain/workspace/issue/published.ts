import { certificateStatus as st, isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { copyObject } from '../../../adapters/blobs';
import { objectKeys } from '../../object-keys';
import { publicKeys } from '../../public-urls';
import { mapLimit, type RecipientItem } from '../../recipients/recipient-store';
import { resolveSelection } from '../../recipients/recipients';
import { findRun, updateRun } from '../../runs';
import { countOnce } from '../../dashboard/counters';
import type { OrgRecord } from '../../accounts/users';
import { transitionRows } from '../row-transitions';
import { MAX_TRANSACTION_ITEMS } from '../../../store/transaction';

type RunOfBatch = Awaited<ReturnType<typeof findRun>> & { certtype: string; items: string[] };
type PublishedBatch = { id: string; txId?: string; credentialIds: string[]; source?: { runId: string } };

/** Requests at once: within the HTTP agent's 50 sockets (more only queue up in it). */
const OBJECTS_AT_ONCE = 32;
/** Rows whose objects (the JSON, and the PDF unless it went public ahead) are written at once. */
const ROWS_AT_ONCE = 32;

/**
 * The rows of the issue or bake request that asked for the batch: those it claimed whose
 * certificate is in the batch, as they are now (publishing records each one's cohort with its
 * issued credential). Undefined when the batch was not asked for by a run, or the run is gone.
 */
export const batchRunRows = async (
  orgId: string,
  batch: PublishedBatch,
): Promise<{ run: RunOfBatch; rows: RecipientItem[] } | undefined> => {
  const runId = batch.source?.runId;
  if (!runId) return undefined;
  const run = (await findRun(orgId, runId)) as RunOfBatch | undefined;
  if (!run) return undefined;
  const inBatch = new Set(batch.credentialIds);
  const { rows } = await resolveSelection(orgId, run.certtype, run.items);
  return {
    run,
    rows: rows.filter(
      (r) => r.issueRequestId === runId && r.certUuid && inBatch.has(`urn:uuid:${r.certUuid}`),
    ),
  };
};

/** Rows moved to issued per transaction, as soon as that many have their objects. */
const ROWS_PER_MOVE = MAX_TRANSACTION_ITEMS;

export interface RowPublishing {
  /** More objects of the row's certificate (its JSON), written with its PDF. */
  objectsOf?: (row: RecipientItem) => Promise<unknown>;
  /** What must be stored before any row moves (the batch's issued-credential records). */
  movable?: Promise<unknown>;
  /** The PDFs went public already (publishRunPdfs, ahead of the anchor). */
  pdfsPublished?: boolean;
}

/**
 * Each row's generated PDF copied next to its credential in the public bucket. It needs no anchor,
 * so the issue job does it while the anchoring job hashes the batch (batches/ahead-of-anchor.ts);
 * publishing does it when that did not happen. A row baked without having been generated has no
 * PDF: nothing to copy.
 */
export const publishRunPdfs = (
  org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>,
  rows: readonly RecipientItem[],
) => mapLimit([...rows], OBJECTS_AT_ONCE, (r) => copyPdf(org, r.certUuid!));

const copyPdf = (org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>, uuid: string) =>
  copyObject(
    { bucket: 'artefacts', key: objectKeys.generated(org.orgId, uuid, 'pdf') },
    { bucket: 'public', key: publicKeys.credential(org.verifierSlug, uuid, 'pdf') },
    'application/pdf',
  );

/**
 * When the batch of an issue or bake request is published: each certificate's generated PDF goes
 * public next to the credential (unless it did ahead of the anchor), the rows become
 * 'Certificate issued', the dashboard counts them and the run is done. A row moves only once its
 * objects are written (and `movable` is), but the moves of the rows whose objects are written go
 * on while the next rows' objects are written: the table and S3 work at the same time. Its QR code
 * is not stored: the Issued tab draws it from the verifier page's URL, as the download zip does.
 * Called before the batch is marked published, so a crash half way is finished by the anchoring
 * job's retry: the same objects are written again, and a row is counted only by the write that moved it.
 */
export const publishRunRows = async (
  org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>,
  batch: PublishedBatch,
  found: { run: RunOfBatch; rows: RecipientItem[] },
  also: RowPublishing = {},
): Promise<void> => {
  const { run, rows: mine } = found;
  const runId = run.id;
  const issuedAt = new Date().toISOString();
  const moved: boolean[] = new Array(mine.length).fill(false);
  // Each row on its own condition (one deleted or changed meanwhile is left alone).
  const moveRows = async (indexes: number[]) => {
    await also.movable;
    const out = await transitionRows(
      indexes.map((i) => mine[i]!),
      [st.issuing, st.scheduled],
      () => ({
        changes: { status: st.issued, issuedAt, batchId: batch.id },
        opts: { where: { issueRequestId: runId } },
      }),
    );
    out.forEach((m, k) => (moved[indexes[k]!] = m));
  };
  const moves: Promise<void>[] = [];
  let failure: { err: unknown } | undefined;
  let ready: number[] = [];
  const flush = () => {
    const move = moveRows(ready);
    ready = [];
    // Awaited below; a failure is kept now so that it is never an unhandled rejection meanwhile.
    move.catch((err: unknown) => (failure ??= { err }));
    moves.push(move);
  };
  await mapLimit(mine, ROWS_AT_ONCE, async (r, i) => {
    if (failure) throw failure.err;
    await Promise.all([also.pdfsPublished ? undefined : copyPdf(org, r.certUuid!), also.objectsOf?.(r)]);
    ready.push(i);
    if (ready.length === ROWS_PER_MOVE) flush();
  });
  if (ready.length) flush();
  await Promise.allSettled(moves);
  if (failure) throw failure.err;
  // Counted once per batch: the rows this delivery moved and those an earlier delivery of the same
  // batch moved before it died (read already issued with this batch).
  const issued = mine.filter((r, i) => moved[i] || (r.batchId === batch.id && isIssuedTabStatus(r.status)));
  await countOnce(org.orgId, `issued#${batch.id}`, {
    stats: { issued: issued.length },
    // Out of in progress (issuing or scheduled), into issued.
    moves: [{ certtype: run.certtype, from: st.issuing, to: st.issued, count: issued.length }],
  });
  await updateRun(org.orgId, runId, {
    state: 'done',
    done: mine.length,
    batchId: batch.id,
    ...(batch.txId ? { txId: batch.txId } : {}),
    message: m.success,
  });
};
