import { notFound } from '@proofmark/shared/errors';
import { batches } from '../../store/batches';
import { getOrg, type OrgRecord } from '../accounts/users';
import type { RecipientItem } from '../recipients/recipient-store';
import { batchRunRows, publishRunPdfs } from '../workspace/issue/published';
import { getBatch, type BatchRecord } from './batches';
import { recordIssuedCredentials } from './revocations';
import { statusPurposes } from './status-list';

/*
 * What a batch of certificates made by an issue request publishes that does not depend on its
 * anchor: its issued-credential records and its rows' PDFs. The issue job does it right after it
 * built the batch, while the anchoring job (another function) hashes the credentials and sends
 * the anchor, so that publishing after the anchor has only the credentials' JSON to write and the
 * rows to move. On a 2-core machine the 2,000 PDF copies and records took 8 of an issue's 35 s
 * after the anchor; done by the anchoring job beside its hashing, they doubled the hashing. Their
 * part often outlasts the hashing: publishing then writes the JSON meanwhile and moves the rows
 * once it is done (aheadOfAnchorOrHere).
 *
 * The PDFs go public once the batch is built and paid for, seconds before their JSON: a PDF's QR
 * code leads to its verifier page, which does not know the certificate until then.
 */

type RunRow = { certUuid?: string; cohortid: string };

/** Each issued credential records the cohort of the workspace row it was issued to. */
export const cohortsOf = (rows?: readonly RunRow[]) =>
  new Map(rows?.map((r) => [`urn:uuid:${r.certUuid}`, r.cohortid]));

/** The batch's issued-credential records (certificates name both status lists). */
export const recordCertificates = (batch: BatchRecord, rows?: readonly RunRow[]) =>
  recordIssuedCredentials(
    batch.orgId,
    batch.id,
    batch.credentialIds,
    batch.statusIndexStart ?? 0,
    batch.statusIndexStart === undefined ? [] : [...statusPurposes],
    cohortsOf(rows),
  );

/** A batch of certificates made by an issue request: the batches published ahead of their anchor. */
const publishedAhead = (batch: BatchRecord) =>
  batch.kind === 'credentials' && batch.format !== 'openbadge' && !!batch.source;

/**
 * Writes the records and copies the PDFs, then marks the batch (`aheadOfAnchorAt`) so that its
 * publishing skips them. Repeated, it writes the same items and bytes.
 */
export const publishAheadOfAnchor = async (batch: BatchRecord) => {
  if (!publishedAhead(batch) || batch.aheadOfAnchorAt || batch.state === 'published') return;
  const org = await getOrg(batch.orgId);
  if (!org) throw notFound('No such organisation.');
  const runRows = await batchRunRows(batch.orgId, batch);
  await Promise.all([recordCertificates(batch, runRows?.rows), runRows && publishRunPdfs(org, runRows.rows)]);
  await batches()
    .patch({ orgId: batch.orgId, id: batch.id })
    .set({ aheadOfAnchorAt: new Date().toISOString() })
    .go();
};

/** How long publishing waits for the issue job to finish what it publishes ahead, before doing it itself. */
export const AHEAD_WAIT_MS = 30_000;
const AHEAD_POLL_MS = 250;

/**
 * The batch as publishing should see it: once what is published ahead of its anchor is done, or
 * as it is after `waitMs` (the issue job died half way, or its delivery failed: publishing then
 * writes the records and copies the PDFs itself).
 */
export const afterAheadOfAnchor = async (
  batch: BatchRecord,
  waitMs = AHEAD_WAIT_MS,
): Promise<BatchRecord> => {
  const until = Date.now() + waitMs;
  let now = batch;
  while (publishedAhead(now) && !now.aheadOfAnchorAt && Date.now() < until) {
    await new Promise((r) => setTimeout(r, AHEAD_POLL_MS));
    now = await getBatch(batch.orgId, batch.id);
  }
  return now;
};

/**
 * Resolves once the batch's records and its rows' PDFs are published: by the issue job ahead of the
 * anchor (waited for up to `waitMs`), or else here, the same items and bytes.
 */
export const aheadOfAnchorOrHere = async (
  org: Pick<OrgRecord, 'orgId' | 'verifierSlug'>,
  batch: BatchRecord,
  rows: readonly RecipientItem[] | undefined,
  waitMs = AHEAD_WAIT_MS,
): Promise<void> => {
  const now = await afterAheadOfAnchor(batch, waitMs);
  if (now.aheadOfAnchorAt) return;
  await Promise.all([recordCertificates(now, rows), rows && publishRunPdfs(org, rows)]);
};
