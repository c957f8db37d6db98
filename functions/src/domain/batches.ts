import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  buildCredential,
  buildOpenBadgeCredential,
  prepareBatch,
  type BlockcertsCredential,
  type Display,
} from '@proofmark/shared/blockcerts/index';
import { badRequest, notFound } from '@proofmark/shared/errors';
import type { BatchView, CreateBatchRequest, TransactionReceipt } from '@proofmark/shared/api/credentials';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { deleteObject, putObject } from '../adapters/blobs';
import { enqueueJob, pendingJobMark } from '../adapters/queue';
import { conditionHolds } from '../adapters/table';
import { getOrg, type OrgRecord } from './users';
import { badgeSigningKey } from './badge-keys';
import { defaultBadgePng } from './badge-images';
import { activeIssuingKey } from './issuing-keys';
import { anchorNetwork, assertChainConfigured } from '../adapters/chain/deployment-networks';
import type { Blockchain } from './chains';
import { issuerUrls, publicKeys, publicUrl, publishIssuerDocuments } from './public-docs';
import {
  allocateStatusIndices,
  currentStatusList,
  statusListUrl,
  statusPurposes,
  type StatusListForm,
  type StatusPurpose,
} from './status-list';
import { keys } from './keys';
import { getOrgSettings } from './org-settings';

/**
 * A batch goes prepared → signed → broadcast → published. Every step is a conditional write, so a
 * redelivered or concurrently delivered job message moves it at most once; the signed raw
 * transaction is stored before it is broadcast, and a retry re-sends exactly those bytes.
 */
export interface BatchRecord {
  orgId: string;
  id: string;
  /** A batch of certificates, or a new edition of the organisation's suspension status list. */
  kind: 'credentials' | 'statuslist';
  /** First status-list index of the batch's credentials (one per credential, in order). */
  statusIndexStart?: number;
  /** Blockcerts certificates, or Open Badges 3.0 credentials (which also get an Ed25519 proof and baked images). */
  format?: 'blockcerts' | 'openbadge';
  /** Which list a status-list batch publishes. */
  statusPurpose?: StatusPurpose;
  /** Which encoding of it ('w3c': the one badges name, also eddsa-signed); blockcerts when absent. */
  statusListForm?: StatusListForm;
  state: BatchView['state'];
  blockchain: Blockchain;
  network: string;
  merkleRoot: string;
  count: number;
  createdAt: string;
  keyFragment?: string;
  nonce?: number;
  rawTx?: string;
  txId?: string;
  blockNumber?: number;
  confirmations?: number;
  credentialIds: string[];
  /** The private object holding the prepared (unsigned, hashed) credentials of this batch. */
  preparedObject?: string;
  /** The workspace run (issue or bake request) whose recipient rows this batch issues. */
  source?: { runId: string };
}

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
}

export const batchKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `BATCH#${id}` });
export const preparedKey = (orgId: string, id: string) => `${orgId}/batches/${id}/prepared.json`;
export const uuidOf = (credentialId: string) => credentialId.replace(/^urn:uuid:/, '');

/** The organisation's batches, newest first, as transaction receipts. */
export const listTransactions = async (orgId: string, limit = 200): Promise<TransactionReceipt[]> => {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: functionConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': 'BATCH#' },
    }),
  );
  return ((out.Items ?? []) as BatchRecord[])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
    .map((b) => ({
      batchId: b.id,
      kind: b.kind,
      count: b.count,
      state: b.state,
      blockchain: b.blockchain,
      network: b.network,
      txId: b.txId,
      blockNumber: b.blockNumber,
      confirmations: b.confirmations,
      createdAt: b.createdAt,
    }));
};

export const findBatch = async (orgId: string, id: string): Promise<BatchRecord | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: batchKey(orgId, id), ConsistentRead: true }),
  );
  return out.Item as BatchRecord | undefined;
};

export const getBatch = async (orgId: string, id: string): Promise<BatchRecord> => {
  const batch = await findBatch(orgId, id);
  if (!batch) throw notFound('No such batch.');
  return batch;
};

export const batchView = (b: BatchRecord, slug: string): BatchView => ({
  id: b.id,
  state: b.state,
  blockchain: b.blockchain,
  network: b.network,
  merkleRoot: b.merkleRoot,
  count: b.count,
  txId: b.txId,
  confirmations: b.confirmations,
  createdAt: b.createdAt,
  credentials:
    b.state === 'published' && b.kind === 'credentials'
      ? b.credentialIds.map((id) => ({
          id,
          url: publicUrl(publicKeys.credential(slug, uuidOf(id))),
          ...(b.format === 'openbadge'
            ? {
                bakedPng: publicUrl(publicKeys.credential(slug, uuidOf(id), 'png')),
                bakedSvg: publicUrl(publicKeys.credential(slug, uuidOf(id), 'svg')),
              }
            : {}),
        }))
      : [],
});

export const createBatch = async (
  orgId: string,
  input: CreateBatchRequest,
  options: BatchOptions = {},
): Promise<BatchRecord> => {
  // A retry of the same request: the batch exists, and building it again would only waste status indices.
  if (options.batchId) {
    const existing = await findBatch(orgId, options.batchId);
    if (existing) return existing;
  }
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  assertChainConfigured(input.blockchain); // refuses now, not in the job, when the chain is not configured
  if (!(await activeIssuingKey(orgId, input.blockchain))) {
    throw badRequest('Generate a key pair for this blockchain first (My Profile → Generate key pair).');
  }
  const urls = issuerUrls(org);
  const validFrom = new Date();
  // One counter for every credential that can be revoked or held, badges included: no two
  // credentials of an organisation ever share an index, whatever list they name.
  const statusIndexStart = await allocateStatusIndices(orgId, input.recipients.length);
  const settings = await getOrgSettings(orgId);
  const logoUrl = settings.logoPublicKey ? publicUrl(settings.logoPublicKey) : undefined;
  if (input.certificate.type === 'openbadges') {
    // The profile must list the key that will sign these badges before they are published.
    await badgeSigningKey(orgId);
    const issuerName = settings.issuername || org.name;
    const achievement = achievementOf(org, input.certificate, issuerName);
    await putObject('public', achievement.imageKey, defaultBadgePng(), 'image/png');
    const revocationList = statusListUrl(org.verifierSlug, 'revocation', 'w3c');
    const badges = input.recipients.map((r, i) =>
      buildOpenBadgeCredential({
        id: options.credentialIds?.[i],
        name: achievement.name,
        description: `${achievement.name}, awarded to ${r.name} by ${issuerName}.`,
        issuer: { id: urls.profile, name: issuerName, url: org.url, ...(logoUrl ? { image: logoUrl } : {}) },
        recipient: { email: r.email, name: r.name },
        achievement: {
          id: achievement.id,
          name: achievement.name,
          description: achievement.description,
          criteriaNarrative: achievement.criteria,
          image: publicUrl(achievement.imageKey),
        },
        credentialStatus: {
          id: `${revocationList}#${statusIndexStart + i}`,
          type: 'BitstringStatusListEntry',
          statusPurpose: 'revocation',
          statusListIndex: String(statusIndexStart + i),
          statusListCredential: revocationList,
        },
        validFrom,
        validUntil: input.certificate.validUntil,
      }),
    );
    // The list the badges name exists (anchored and published) before the first badge is.
    if (await claimOnce(orgId, 'w3cRevocationListRequestedAt'))
      await anchorStatusList(orgId, 'revocation', 'w3c');
    return saveAndEnqueue(orgId, 'credentials', badges, {
      blockchain: input.blockchain,
      format: 'openbadge',
      statusIndexStart,
      createdAt: validFrom,
      batchId: options.batchId,
      source: options.source,
    });
  }

  const credentials = input.recipients.map((r, i) =>
    buildCredential(
      { issuerProfileUrl: urls.profile },
      { name: r.name, email: r.email, publicKey: r.publicKey },
      {
        name: input.certificate.name,
        description: input.certificate.description,
        id: options.credentialIds?.[i],
        display:
          options.displays?.[i] ??
          r.displayHtml ??
          defaultDisplay(input.certificate.name, r.name, org.name, logoUrl),
        validFrom,
        validUntil: input.certificate.validUntil,
        status: statusPurposes.map((purpose) => ({
          statusListCredential: statusListUrl(org.verifierSlug, purpose),
          statusListIndex: statusIndexStart + i,
          statusPurpose: purpose,
        })),
      },
    ),
  );
  // Every credential names both status lists, so the organisation's first batch also brings their
  // first editions — queued before the batch, so they are anchored (and published) first and the
  // batch's publishing need not wait for them by retrying.
  for (const purpose of statusPurposes)
    if (await claimOnce(orgId, `${purpose}ListRequestedAt`)) await anchorStatusList(orgId, purpose);
  return saveAndEnqueue(orgId, 'credentials', credentials, {
    blockchain: input.blockchain,
    statusIndexStart,
    createdAt: validFrom,
    batchId: options.batchId,
    source: options.source,
  });
};

/** What a wallet shows of the achievement: its name, what it is for and its image. */
const achievementOf = (
  org: OrgRecord,
  certificate: CreateBatchRequest['certificate'],
  issuerName: string,
) => {
  const name = certificate.name;
  const slug = encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'));
  return {
    id: `${publicUrl(`issuers/${org.verifierSlug}/achievements/`)}${slug}`,
    name,
    description: certificate.description || `${name}, an achievement recognised by ${issuerName}.`,
    criteria: certificate.description
      ? `Awarded by ${issuerName} to those who: ${certificate.description}`
      : `Awarded by ${issuerName} to those who completed ${name}.`,
    imageKey: `issuers/${org.verifierSlug}/achievements/${slug}.png`,
  };
};

/** True for the first caller only. */
export const claimOnce = (orgId: string, attribute: string): Promise<boolean> =>
  conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: keys.org(orgId),
        UpdateExpression: 'SET #a = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#a)',
        ExpressionAttributeNames: { '#a': attribute },
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    ),
  );

/** Anchors a new edition of one of the organisation's status lists (after hold, unhold or revoke). */
export const anchorStatusList = async (
  orgId: string,
  purpose: StatusPurpose,
  form: StatusListForm = 'blockcerts',
): Promise<BatchRecord> =>
  saveAndEnqueue(orgId, 'statuslist', [await currentStatusList(orgId, purpose, form)], {
    blockchain: 'ethereum',
    statusPurpose: purpose,
    ...(form === 'w3c' ? { statusListForm: form } : {}),
    createdAt: new Date(),
  });

const saveAndEnqueue = async (
  orgId: string,
  kind: BatchRecord['kind'],
  credentials: readonly object[],
  extra: {
    blockchain: Blockchain;
    format?: BatchRecord['format'];
    statusIndexStart?: number;
    statusPurpose?: StatusPurpose;
    statusListForm?: StatusListForm;
    createdAt: Date;
    batchId?: string;
    source?: BatchRecord['source'];
  },
): Promise<BatchRecord> => {
  const { blockchain } = extra;
  const prepared = await prepareBatch(credentials as BlockcertsCredential[]);
  const id = extra.batchId ?? randomUUID();
  const batch: BatchRecord = {
    orgId,
    id,
    kind,
    statusIndexStart: extra.statusIndexStart,
    statusPurpose: extra.statusPurpose,
    ...(extra.statusListForm ? { statusListForm: extra.statusListForm } : {}),
    format: extra.format ?? 'blockcerts',
    state: 'prepared',
    blockchain,
    network: anchorNetwork(blockchain),
    merkleRoot: prepared.merkleRoot,
    count: credentials.length,
    createdAt: extra.createdAt.toISOString(),
    credentialIds: (credentials as BlockcertsCredential[]).map((c) => String(c.id)),
    // Each preparation gets its own object, named on the record: a concurrent or retried build of
    // a batch with a fixed id can never overwrite the credentials whose Merkle root was stored.
    preparedObject: extra.batchId ? preparedKey(orgId, `${id}/${randomUUID()}`) : preparedKey(orgId, id),
    ...(extra.source ? { source: extra.source } : {}),
  };
  const jobMessage = { orgId, batchId: batch.id };
  // The credentials themselves can exceed an item's 400 KB: they live in the private bucket.
  await putObject('artefacts', batch.preparedObject!, JSON.stringify(prepared), 'application/json');
  const stored = await conditionHolds(
    dynamoClient().send(
      new PutCommand({
        TableName: functionConfig().tableName,
        Item: {
          ...batchKey(orgId, batch.id),
          type: 'batch',
          ...batch,
          ...pendingJobMark('anchor', jobMessage),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (!stored) {
    // Another delivery of the same request stored this batch first: that one stands.
    if (!extra.batchId) throw new Error(`Batch ${batch.id} exists already`);
    await deleteObject('artefacts', batch.preparedObject!).catch(() => undefined);
    return getBatch(orgId, batch.id);
  }
  await publishIssuerDocuments(orgId);
  await enqueueJob('anchor', jobMessage);
  return batch;
};

/** The certificate's own display until the issuance workspace renders the cohort's design. */
const defaultDisplay = (title: string, recipient: string, orgName: string, logoUrl?: string) =>
  `<section style="font-family:Georgia,serif;text-align:center;padding:24px">` +
  (logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(orgName)}" style="max-height:80px"/>`
    : '') +
  `<p>${escapeHtml(orgName)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(recipient)}</p></section>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
