import type { BatchRecord } from './batches';
import { queueBatch } from './queueing';
import { claimOnce, markersMissing, releaseOnce, type OnceMarker } from '../once-markers';
import { currentStatusList, statusPurposes, type StatusListForm, type StatusPurpose } from './status-list';

/*
 * Editions of the organisation's status lists. Each change (hold, unhold, revoke) is anchored as a
 * batch of one; the first editions are requested by the organisation's first batch that names them.
 */

/** Anchors a new edition of one of the organisation's status lists (after hold, unhold or revoke). */
export const anchorStatusList = async (
  orgId: string,
  purpose: StatusPurpose,
  form: StatusListForm = 'blockcerts',
): Promise<BatchRecord> =>
  queueBatch(orgId, 'statuslist', [await currentStatusList(orgId, purpose, form)], {
    blockchain: 'ethereum',
    statusPurpose: purpose,
    ...(form === 'w3c' ? { statusListForm: form } : {}),
    createdAt: new Date(),
  });

type ListName = 'suspension' | 'revocation' | 'w3cRevocation';
const listName = (purpose: StatusPurpose, form: StatusListForm): ListName =>
  form === 'w3c' ? 'w3cRevocation' : purpose;

/** The lists a batch's credentials name: certificates both Blockcerts lists, badges the W3C revocation list. */
const namedBy = (format: BatchRecord['format']) =>
  format === 'openbadge'
    ? [{ purpose: 'revocation' as const, form: 'w3c' as const }]
    : statusPurposes.map((purpose) => ({ purpose, form: 'blockcerts' as const }));

const requested = (list: ListName): OnceMarker => `${list}ListRequestedAt`;
const published = (list: ListName): OnceMarker => `${list}ListPublishedAt`;

/**
 * The first editions of the lists a new batch's credentials name, queued once per organisation —
 * when an issue request is accepted (workspace/issue/start.ts) and again before the batch
 * (creation.ts, for batches made otherwise), so they are anchored and published before the batch
 * and its publishing need not wait for them by retrying (afterFirstStatusLists).
 */
export const requestFirstStatusLists = async (
  orgId: string,
  format: BatchRecord['format'],
  anchor: typeof anchorStatusList = anchorStatusList,
) => {
  for (const { purpose, form } of namedBy(format)) {
    const marker = requested(listName(purpose, form));
    if (!(await claimOnce(orgId, marker))) continue;
    try {
      await anchor(orgId, purpose, form);
    } catch (err) {
      // Not queued: the next batch asks again (else every batch naming the list would wait for it).
      await releaseOnce(orgId, marker).catch(() => undefined);
      throw err;
    }
  }
};

/** Published credentials must verify at once: the lists they name whose first edition is not out yet. */
export const firstStatusListsMissing = async (orgId: string, format: BatchRecord['format']) =>
  (
    await markersMissing(
      orgId,
      namedBy(format).map(({ purpose, form }) => published(listName(purpose, form))),
    )
  ).map((marker) => marker.replace(/ListPublishedAt$/, ''));

/** How long a batch ready to publish waits for its lists' first editions before its job is retried. */
export const FIRST_LISTS_WAIT_MS = 20_000;
const FIRST_LISTS_POLL_MS = 250;

/**
 * The lists still missing after waiting up to `waitMs` for them. The first editions are anchored
 * by their own deliveries of the anchor job, asked for when the first issue request is accepted:
 * the local cloud anchors one batch at a time, so they are out before the batch; Lambda anchors
 * them beside it, and a retry would come back only after the queue's visibility timeout (minutes),
 * so a few seconds are waited for here.
 */
export const afterFirstStatusLists = async (
  orgId: string,
  format: BatchRecord['format'],
  waitMs = FIRST_LISTS_WAIT_MS,
): Promise<string[]> => {
  const until = Date.now() + waitMs;
  for (;;) {
    const missing = await firstStatusListsMissing(orgId, format);
    if (!missing.length || Date.now() >= until) return missing;
    await new Promise((r) => setTimeout(r, FIRST_LISTS_POLL_MS));
  }
};

/** Records that an edition of the list is out (only the first one counts). */
export const markStatusListPublished = (orgId: string, purpose: StatusPurpose, form: StatusListForm) =>
  claimOnce(orgId, published(listName(purpose, form)));
