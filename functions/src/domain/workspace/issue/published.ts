import { certificateStatus as st, isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { copyObject, putObject } from '../../../adapters/blobs';
import { qrPng } from '../../../render/qr';
import { objectKeys } from '../../object-keys';
import { publicKeys, verifierPageUrl } from '../../public-urls';
import { mapLimit } from '../../recipients/recipient-store';
import { resolveSelection } from '../../recipients/recipients';
import { findRun, updateRun } from '../../runs';
import { countOnce } from '../../dashboard/counters';
import { issuedCredentials } from '../../../store/issued-credentials';
import { written } from '../../../store/table';
import type { OrgRecord } from '../../accounts/users';
import { transitionRow } from '../row-transitions';

/**
 * When the batch of an issue or bake request is published: each certificate's generated PDF and
 * its QR code (pointing at the certificate's verifier page) go public next to the credential, the
 * rows become 'Certificate issued', the dashboard counts them and the run is done. Called before
 * the batch is marked published, so a crash half way is finished by the anchoring job's retry:
 * the same objects are written again, and a row is counted only by the write that moved it.
 */
export const publishRunRows = async (
  org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>,
  batch: { id: string; txId?: string; credentialIds: string[]; source?: { runId: string } },
): Promise<void> => {
  const runId = batch.source?.runId;
  if (!runId) return;
  const run = (await findRun(org.orgId, runId)) as
    (Awaited<ReturnType<typeof findRun>> & { certtype: string; items: string[] }) | undefined;
  if (!run) return;
  const inBatch = new Set(batch.credentialIds);
  const { rows } = await resolveSelection(org.orgId, run.certtype, run.items);
  const mine = rows.filter(
    (r) => r.issueRequestId === runId && r.certUuid && inBatch.has(`urn:uuid:${r.certUuid}`),
  );
  const issuedAt = new Date().toISOString();
  const moved = await mapLimit(mine, 16, async (r) => {
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
    // The credential remembers its cohort, so a verification counts in that cohort's funnel.
    await written(
      issuedCredentials()
        .patch({ orgId: org.orgId, credentialId: `urn:uuid:${uuid}` })
        .set({ cohortid: r.cohortid })
        .go({ response: 'none' }),
    );
    return transitionRow(
      r,
      [st.issuing, st.scheduled],
      { status: st.issued, issuedAt, batchId: batch.id },
      { where: { issueRequestId: runId } },
    );
  });
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
