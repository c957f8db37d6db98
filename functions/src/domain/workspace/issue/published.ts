import { certificateStatus as st, isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { copyObject, putObject } from '../../../adapters/blobs';
import { qrPng } from '../../../render/qr';
import { objectKeys } from '../../object-keys';
import { publicKeys, verifierPageUrl } from '../../public-urls';
import { mapLimit, type RecipientItem } from '../../recipients/recipient-store';
import { resolveSelection } from '../../recipients/recipients';
import { findRun, updateRun } from '../../runs';
import { countOnce } from '../../dashboard/counters';
import type { OrgRecord } from '../../accounts/users';
import { transitionRows } from '../row-transitions';

type RunOfBatch = Awaited<ReturnType<typeof findRun>> & { certtype: string; items: string[] };
type PublishedBatch = { id: string; txId?: string; credentialIds: string[]; source?: { runId: string } };

/** Objects written at once: S3 takes many, the local S3 shares the jobs' one process. */
const OBJECTS_AT_ONCE = 32;

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

/**
 * When the batch of an issue or bake request is published: each certificate's generated PDF and
 * its QR code (pointing at the certificate's verifier page) go public next to the credential, the
 * rows become 'Certificate issued', the dashboard counts them and the run is done. Called before
 * the batch is marked published, so a crash half way is finished by the anchoring job's retry:
 * the same objects are written again, and a row is counted only by the write that moved it.
 */
export const publishRunRows = async (
  org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>,
  batch: PublishedBatch,
  found: { run: RunOfBatch; rows: RecipientItem[] },
): Promise<void> => {
  const { run, rows: mine } = found;
  const runId = run.id;
  await mapLimit(mine, OBJECTS_AT_ONCE, async (r) => {
    const uuid = r.certUuid!;
    // The QR code is drawn here (qrPng: well under a millisecond; qrcode's PNG output took ~20 ms).
    const qr = qrPng(verifierPageUrl(org.verifierSlug, uuid), { width: 300, margin: 2 });
    await Promise.all([
      // A row baked without having been generated has no PDF: nothing to copy then.
      copyObject(
        { bucket: 'artefacts', key: objectKeys.generated(org.orgId, uuid, 'pdf') },
        { bucket: 'public', key: publicKeys.credential(org.verifierSlug, uuid, 'pdf') },
        'application/pdf',
      ),
      putObject('public', publicKeys.credentialQr(org.verifierSlug, uuid), qr, 'image/png'),
    ]);
  });
  // Each row on its own condition (one deleted or changed meanwhile is left alone), 100 per request.
  const issuedAt = new Date().toISOString();
  const moved = await transitionRows(mine, [st.issuing, st.scheduled], () => ({
    changes: { status: st.issued, issuedAt, batchId: batch.id },
    opts: { where: { issueRequestId: runId } },
  }));
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
