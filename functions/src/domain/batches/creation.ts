import type { Display } from '@proofmark/shared/blockcerts/index';
import { badRequest, notFound } from '@proofmark/shared/errors';
import type { CreateBatchRequest } from '@proofmark/shared/credential-batch';
import { putObject } from '../../adapters/blobs';
import { getOrg } from '../accounts/users';
import { badgeSigningKey } from '../keys/badge-keys';
import { defaultBadgePng } from '../keys/badge-images';
import { activeIssuingKey } from '../keys/issuing-keys';
import { assertChainConfigured } from '../../adapters/chain/deployment-networks';
import { publicUrl } from '../public-urls';
import { allocateStatusIndices } from './status-list';
import { requestFirstStatusLists } from './status-list-editions';
import { getOrgSettings } from '../settings/org-settings';
import { findBatch, getBatch, type BatchRecord } from './batches';
import { achievementOf, certificatesOf, openBadgesOf } from './credentials';
import { queueBatch } from './queueing';

export { requeueAnchor } from './queueing';
import { once, WorkInProgress } from '../../store/idempotency';

/**
 * What the issuance workspace fixes for a batch: its id (= the issue request's id, so a redelivered
 * job finds its batch instead of making a second one), each credential's id (urn:uuid:<certUuid>,
 * fixed since generation) and display, and the run whose rows publishing moves to issued.
 */
export interface BatchOptions {
  batchId?: string;
  credentialIds?: string[];
  /** Per credential; an empty slot takes the recipient's displayHtml or the default. */
  displays?: (string | Display | undefined)[];
  source?: { runId: string };
  /** Open badges: the achievement's image (PNG) rendered from the open-badge design; else the default. */
  achievementImage?: Uint8Array;
}

/**
 * Builds a batch of certificates or badges, stores it and queues it for anchoring. With a batch id
 * (the request's id) it is built once, however often the request is delivered: one delivery
 * builds it while the others wait, and later ones find it. Should two builds still meet (the
 * idempotency record expired, or its holder died half way), the batch's own conditional write
 * lets the first stand (batches/queueing.ts).
 */
export const createBatch = async (
  orgId: string,
  input: CreateBatchRequest,
  options: BatchOptions = {},
): Promise<BatchRecord> => {
  const { batchId } = options;
  if (!batchId) return buildBatch(orgId, input, options);
  try {
    // The record keeps the id only: a batch of thousands of credentials would not fit in it.
    const { result: id } = await once(
      { orgId, scope: 'batch', key: batchId },
      async () => ((await findBatch(orgId, batchId)) ?? (await buildBatch(orgId, input, options))).id,
      { waitMs: 30_000 },
    );
    return getBatch(orgId, id);
  } catch (err) {
    // Not the caller's mistake (a 409 would fail the run): the job is delivered again later.
    if (err instanceof WorkInProgress) throw new Error(`Batch ${batchId} is still being built by another delivery`);
    throw err;
  }
};

const buildBatch = async (
  orgId: string,
  input: CreateBatchRequest,
  options: BatchOptions,
): Promise<BatchRecord> => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  assertChainConfigured(input.blockchain); // refuses now, not in the job, when the chain is not configured
  if (!(await activeIssuingKey(orgId, input.blockchain))) {
    throw badRequest('Generate a key pair for this blockchain first (My Profile → Generate key pair).');
  }
  const validFrom = new Date();
  // One counter for every credential that can be revoked or held, badges included: no two
  // credentials of an organisation ever share an index, whatever list they name.
  const statusIndexStart = await allocateStatusIndices(orgId, input.recipients.length);
  const settings = await getOrgSettings(orgId);
  const logoUrl = settings.logoPublicKey ? publicUrl(settings.logoPublicKey) : undefined;
  const issuing = {
    org,
    input,
    issuerName: settings.issuername || org.name,
    logoUrl,
    validFrom,
    statusIndexStart,
    credentialIds: options.credentialIds,
  };
  const batch = {
    blockchain: input.blockchain,
    statusIndexStart,
    createdAt: validFrom,
    batchId: options.batchId,
    source: options.source,
  };
  if (input.certificate.type === 'openbadges') {
    // The profile must list the key that will sign these badges before they are published.
    await badgeSigningKey(orgId);
    const achievement = achievementOf(org, input.certificate, issuing.issuerName);
    await putObject('public', achievement.imageKey, options.achievementImage ?? defaultBadgePng(), 'image/png');
    const badges = openBadgesOf(issuing, achievement);
    await requestFirstStatusLists(orgId, 'openbadge');
    return queueBatch(orgId, 'credentials', badges, { ...batch, format: 'openbadge' });
  }
  const certificates = certificatesOf(issuing, options.displays);
  await requestFirstStatusLists(orgId, 'blockcerts');
  return queueBatch(orgId, 'credentials', certificates, batch);
};
