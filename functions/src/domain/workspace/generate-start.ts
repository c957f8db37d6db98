import type { RunView } from '@proofmark/shared/contract/workspace';
import { badRequest } from '@proofmark/shared/errors';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canGenerate } from '@proofmark/shared/workspace/rules';
import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import { generateChunks } from '../../store/generate-chunks';
import { getOrgSettings } from '../settings/org-settings';
import { mapLimit } from '../recipients/recipient-store';
import { allowedSelection } from '../recipients/recipients';
import { createRun, runView } from '../runs';
import { currentVersions } from '../designs/designs';
import { blockchainOf } from './blockchain';

/*
 * The request half of generate (POST /api/workspace/generate): checks the selection, makes the run
 * and queues its chunks. It is its own module so the HTTP function does not carry the renderer
 * (puppeteer); the rendering half is ./generate.ts, run by the `generate` job. Chunk records
 * (store/generate-chunks.ts) and the exactly-once rules are described there.
 */

export const GENERATE_CHUNK = 100;

export interface GenerateMessage extends Record<string, unknown> {
  orgId: string;
  runId: string;
  chunk: number;
}

/** Checks the selection (refusing changes nothing), makes the run and queues its chunks. */
export const startGenerate = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
): Promise<RunView> => {
  const { rows } = await allowedSelection(orgId, certtype, selectedItems, canGenerate);
  if (!blockchainOf(await getOrgSettings(orgId))) throw badRequest(m.selectBlockchain);

  const sorted = [...rows].sort(
    (a, b) =>
      a.cohortid.localeCompare(b.cohortid) || a.studentid.localeCompare(b.studentid, 'en', { numeric: true }),
  );
  // The run takes each cohort's current design now; a save during the run makes a version it does not use.
  const versions = await currentVersions(
    orgId,
    certtype,
    sorted.map((r) => r.cohortid),
  );
  const designVersions = Object.entries(versions).map(([cohort, v]) => `${cohort}=${v}`);
  const run = await createRun(orgId, 'generate', sorted.length, { message: m.generating });
  const chunks: string[][] = [];
  for (let i = 0; i < sorted.length; i += GENERATE_CHUNK)
    chunks.push(sorted.slice(i, i + GENERATE_CHUNK).map((r) => itemId(r.cohortid, r.studentid)));
  // Every chunk is recorded (with its pending mark) before any is queued: if this request dies
  // half way, a restart still finds the whole run.
  await mapLimit(chunks, 4, async (items, chunk) => {
    const message: GenerateMessage = { orgId, runId: run.id, chunk };
    await generateChunks()
      .put({
        orgId,
        runId: run.id,
        chunk,
        certtype,
        items,
        designVersions,
        ...pendingJobMark('generate', message),
      })
      .go();
  });
  await mapLimit(chunks, 4, (_, chunk) =>
    enqueueJob('generate', { orgId, runId: run.id, chunk } satisfies GenerateMessage),
  );
  return runView(run);
};
