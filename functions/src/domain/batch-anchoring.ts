import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  bakePng,
  bakeSvg,
  createEddsaRdfc2022Proof,
  finalizeBatch,
  formatAnchor,
  type BlockcertsCredential,
  type PreparedBatch,
} from '@proofmark/shared/blockcerts/index';
import { AppError, notFound } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { CHANGES_IN_PLACE, getObjectText, putObject } from '../adapters/blobs';
import { conditionHolds, setExpression } from '../adapters/table';
import { getOrg, type OrgRecord } from './users';
import { badgeSigningKey } from './badge-keys';
import { defaultBadgePng, defaultBadgeSvg } from './badge-images';
import { activeIssuingKey, allocateNonce, issuingPrivateKey, listIssuingKeys } from './issuing-keys';
import { chainAdapter } from '../adapters/chain/deployment-chains';
import { requiredConfirmations } from '../adapters/chain/deployment-networks';
import { issuerUrls, publicKeys } from './public-docs';
import { recordIssuedCredentials } from './revocations';
import { statusPurposes } from './status-list';
import { publishRunRows } from './workspace/issued';
import { mapLimit } from './recipient-store';
import { batchKey, claimOnce, getBatch, preparedKey, uuidOf, type BatchRecord } from './batches';

/*
 * The anchoring job's half of a batch's life (see ./batches.ts for the records and how batches are
 * made): signing and broadcasting the anchor, then publishing the credentials, badges and status
 * lists with their proofs. Its own module so the HTTP functions that make or list batches do not
 * carry the publishing code (signers, baking, the workspace's QR codes).
 */

/**
 * Open Badges 3.0: the anchored badge also gets the organisation's eddsa-rdfc-2022 proof (after the
 * Merkle proof, which verifiers expect first) and is baked into a PNG and an SVG next to its JSON.
 */
const publishBadges = async (org: OrgRecord, anchored: object[]) => {
  const sign = await issuerEddsaSigner(org);
  await mapLimit(anchored, 16, async (badge) => {
    {
      const b = badge as {
        id: string;
        proof: object;
        name?: string;
        credentialSubject?: { achievement?: { name?: string } };
      };
      const edProof = await sign(b);
      const full = { ...b, proof: [b.proof, edProof] };
      const json = JSON.stringify(full, null, 2);
      const uuid = uuidOf(String(b.id));
      const name = b.credentialSubject?.achievement?.name ?? 'Badge';
      await Promise.all([
        putObject('public', publicKeys.credential(org.verifierSlug, uuid), json, 'application/json'),
        putObject(
          'public',
          publicKeys.credential(org.verifierSlug, uuid, 'png'),
          bakePng(defaultBadgePng(), json, 'ob3'),
          'image/png',
        ),
        putObject(
          'public',
          publicKeys.credential(org.verifierSlug, uuid, 'svg'),
          bakeSvg(defaultBadgeSvg(name, org.name), json, 'ob3'),
          'image/svg+xml',
        ),
      ]);
    }
  });
};

/**
 * Signs with the organisation's current badge key, named as a method of its issuer profile
 * (`<profile URL>#badge-key-n`): the profile is the controller document that ties it to the issuer.
 */
const issuerEddsaSigner = async (org: OrgRecord) => {
  const { secretKey, fragment } = await badgeSigningKey(org.orgId);
  const verificationMethod = `${issuerUrls(org).profile}#${fragment}`;
  return (document: object) => createEddsaRdfc2022Proof(document, { secretKey, verificationMethod });
};

/** Moves a batch from one state to the next only if nobody else did; false when it was already moved. */
const advance = (
  b: BatchRecord,
  from: BatchRecord['state'],
  changes: Partial<BatchRecord>,
): Promise<boolean> => {
  const update = setExpression(changes);
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: batchKey(b.orgId, b.id),
        ...update,
        ConditionExpression: '#state = :from',
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#state': 'state' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':from': from },
      }),
    ),
  );
};

/** Sets an attribute once: false when it was already set (by a concurrent delivery). */
const setOnce = (b: BatchRecord, name: 'nonce', value: number): Promise<boolean> =>
  conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: batchKey(b.orgId, b.id),
        UpdateExpression: 'SET #n = :v',
        ConditionExpression: 'attribute_not_exists(#n)',
        ExpressionAttributeNames: { '#n': name },
        ExpressionAttributeValues: { ':v': value },
      }),
    ),
  );

/**
 * The anchoring job: one step after another, each safe to repeat; throws to be retried later.
 * prepared → signing (claimed) → the batch's nonce is fixed once (never burned: a retry reuses it)
 * → the signed bytes are stored once → broadcast (the same bytes on every retry) → published.
 */
export const anchorBatch = async (orgId: string, batchId: string): Promise<BatchRecord['state']> => {
  let batch = await getBatch(orgId, batchId);
  const chain = await chainAdapter(batch.blockchain);

  if (batch.state === 'prepared') {
    await advance(batch, 'prepared', { state: 'signing' });
    batch = await getBatch(orgId, batchId);
  }
  if (batch.state === 'signing') {
    const key = batch.keyFragment
      ? (await listIssuingKeys(orgId, batch.blockchain)).find((k) => k.fragment === batch.keyFragment)
      : await activeIssuingKey(orgId, batch.blockchain);
    if (!key)
      throw new AppError('bad_request', `Organisation ${orgId} has no active ${batch.blockchain} key`);
    if (batch.nonce === undefined && chain.pendingCount) {
      await setOnce(batch, 'nonce', await allocateNonce(key, await chain.pendingCount(key.address)));
      batch = await getBatch(orgId, batchId);
    }
    const signed = await chain.signAnchor({
      privateKeyHex: await issuingPrivateKey(key),
      merkleRootHex: batch.merkleRoot,
      nonce: batch.nonce,
    });
    // Whoever stores signed bytes first wins; a concurrent delivery then uses those bytes.
    await advance(batch, 'signing', {
      state: 'signed',
      rawTx: signed.rawTx,
      txId: signed.txId,
      keyFragment: key.fragment,
    });
    batch = await getBatch(orgId, batchId);
  }
  if (batch.state === 'signed' || batch.state === 'broadcast') {
    await chain.broadcast(batch.rawTx!);
    if (batch.state === 'signed') await advance(batch, 'signed', { state: 'broadcast' });
    const conf = await chain.confirmations(batch.txId!);
    if (!conf || conf.confirmations < requiredConfirmations()) {
      throw new Error(
        `Transaction ${batch.txId} has ${conf?.confirmations ?? 0} confirmations; waiting for ${requiredConfirmations()}`,
      );
    }
    await publishBatch(await getBatch(orgId, batchId), conf);
    batch = await getBatch(orgId, batchId);
  }
  return batch.state;
};

const publishBatch = async (batch: BatchRecord, conf: { confirmations: number; blockNumber?: number }) => {
  const org = await getOrg(batch.orgId);
  if (!org) throw notFound('No such organisation.');
  const text = await getObjectText('artefacts', batch.preparedObject ?? preparedKey(batch.orgId, batch.id));
  if (!text) throw new Error(`Prepared batch ${batch.id} is missing from the artefacts bucket`);
  const prepared = JSON.parse(text) as PreparedBatch<BlockcertsCredential>;
  const profileUrl = issuerUrls(org).profile;
  const signed = finalizeBatch(
    prepared,
    formatAnchor({
      chain: batch.blockchain === 'ethereum' ? 'eth' : 'btc',
      network: batch.network,
      txId: batch.txId!,
    }),
    {
      verificationMethod: () => `${profileUrl}#${batch.keyFragment}`,
    },
  );
  // Published credentials must verify at once: not before the status lists they name exist.
  if (batch.kind === 'credentials') {
    const marks = batch.format === 'openbadge' ? ['w3cRevocation'] : statusPurposes;
    const missing = marks.filter((p) => !(org as unknown as Record<string, unknown>)[`${p}ListPublishedAt`]);
    if (missing.length)
      throw new Error(`Batch ${batch.id} waits for the first ${missing.join(' and ')} status list`);
  }
  // Writing the same document twice writes the same bytes: safe on a retry.
  if (batch.kind === 'statuslist' && batch.statusListForm === 'w3c') {
    // Also signed by the issuer's badge key: W3C status list libraries verify the list's own proof.
    const list = signed[0] as object & { proof: object };
    const edProof = await (await issuerEddsaSigner(org))(list);
    await putObject(
      'public',
      publicKeys.w3cStatusList(org.verifierSlug, batch.statusPurpose ?? 'revocation'),
      JSON.stringify({ ...list, proof: [list.proof, edProof] }, null, 2),
      'application/json',
      CHANGES_IN_PLACE,
    );
    await claimOnce(batch.orgId, `w3cRevocationListPublishedAt`);
  } else if (batch.kind === 'statuslist') {
    await putObject(
      'public',
      publicKeys.statusList(org.verifierSlug, batch.statusPurpose ?? 'suspension'),
      JSON.stringify(signed[0], null, 2),
      'application/json',
      CHANGES_IN_PLACE,
    );
    await claimOnce(batch.orgId, `${batch.statusPurpose ?? 'suspension'}ListPublishedAt`);
  } else if (batch.format === 'openbadge') {
    await publishBadges(org, signed);
    // Badges made before they carried a status entry have no statusIndexStart: none to record.
    await recordIssuedCredentials(
      batch.orgId,
      batch.id,
      batch.credentialIds,
      batch.statusIndexStart ?? 0,
      batch.statusIndexStart === undefined ? [] : ['revocation'],
    );
  } else {
    // A bounded number at a time: 2,000 requests at once only queue up in the HTTP agent.
    await mapLimit(signed, 16, (c) =>
      putObject(
        'public',
        publicKeys.credential(org.verifierSlug, uuidOf(String(c.id))),
        JSON.stringify(c, null, 2),
        'application/json',
      ),
    );
    await recordIssuedCredentials(
      batch.orgId,
      batch.id,
      batch.credentialIds,
      batch.statusIndexStart ?? 0,
      batch.statusIndexStart === undefined ? [] : [...statusPurposes],
    );
  }
  // The workspace's rows follow their batch (issued, public PDF and QR code, counters, the run done).
  if (batch.source) await publishRunRows(org, batch);
  await advance(batch, 'broadcast', {
    state: 'published',
    confirmations: conf.confirmations,
    blockNumber: conf.blockNumber,
  });
  await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: batchKey(batch.orgId, batch.id),
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk, jobMessage',
    }),
  );
};
