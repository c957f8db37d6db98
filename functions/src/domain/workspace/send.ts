import type { RunView, Selection } from '@proofmark/shared/contract/workspace';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canSend } from '@proofmark/shared/workspace/rules';
import { deliveryMailKind } from '@proofmark/shared/mail-templates/rules';
import { allowedSelection } from '../recipients/recipients';
import { createRun, runView } from '../runs';
import { currentTemplateVersions } from '../mail/versions';
import { queueChunk, type ChunkMessage } from './job-chunks';

/**
 * Send Certificate / Send OpenBadges (§2.5 Issued tab): mails each selected issued certificate to
 * its recipient through the `send` job (send-job.ts), a chunk of rows per message, and marks the row
 * 'Certificate sent' (sending again is allowed and counted). This half starts the run and carries
 * no composer or mail client.
 */
export const SEND_CHUNK = 100;

export interface SendChunk extends ChunkMessage {
  certtype: string;
  items: string[];
  /** Each cohort's mail template version, fixed when the run started. */
  templates?: Record<string, number>;
}

export const startSend = async (orgId: string, req: Selection): Promise<RunView> => {
  const { rows } = await allowedSelection(orgId, req.certtype, req.selectedItems, canSend);
  // The run fixes each cohort's template version now: a template saved meanwhile is not mixed in.
  const kind = deliveryMailKind(req.certtype);
  const versions = await currentTemplateVersions(
    orgId,
    kind,
    rows.map((r) => r.cohortid),
  );
  const run = await createRun(orgId, 'send', rows.length, { message: m.sending });
  for (let i = 0, n = 0; i < rows.length; i += SEND_CHUNK, n++) {
    const chunk = rows.slice(i, i + SEND_CHUNK);
    await queueChunk('send', {
      orgId,
      runId: run.id,
      chunk: n,
      certtype: req.certtype,
      items: chunk.map((r) => itemId(r.cohortid, r.studentid)),
      templates: Object.fromEntries(chunk.map((r) => [r.cohortid, versions[r.cohortid] ?? 0])),
    });
  }
  return runView(run);
};

