import {
  bakePng,
  bakeSvg,
  createEddsaRdfc2022Proof,
  finalizeBatch,
  formatAnchor,
  type BlockcertsCredential,
  type PreparedBatch,
} from '@proofmark/shared/blockcerts/index';
import { notFound } from '@proofmark/shared/errors';
import { CHANGES_IN_PLACE, getObjectBytes, getObjectText, putObject } from '../../adapters/blobs';
import { getOrg, type OrgRecord } from '../accounts/users';
import { badgeSigningKey } from '../keys/badge-keys';
import { defaultBadgePng, defaultBadgeSvg } from '../keys/badge-images';
import { issuerUrls, publicKeys } from './public-docs';
import { recordIssuedCredentials } from './revocations';
import { afterFirstStatusLists, markStatusListPublished } from './status-list-editions';
import { batchRunRows, publishRunRows } from '../workspace/issue/published';
import { AHEAD_WAIT_MS, aheadOfAnchorOrHere, cohortsOf } from './ahead-of-anchor';
import { mapLimit } from '../recipients/recipient-store';
import { preparedKey, uuidOf, type BatchRecord } from './batches';
import { achievementImageKey } from './credentials';

/*
 * Publishing an anchored batch: the credentials, badges or status list with their proofs, then
 * what follows from them (the issued-credential records, the workspace's rows). Every write is
 * of the same bytes on a retry, so a job delivered again finishes what a crash left half done.
 */

/**
 * Open Badges 3.0: the anchored badge also gets the organisation's eddsa-rdfc-2022 proof (after the
 * Merkle proof, which verifiers expect first) and is baked into a PNG and an SVG next to its JSON.
 */
const publishBadges = async (org: OrgRecord, anchored: object[]) => {
  const sign = await issuerEddsaSigner(org);
  // The PNG is baked into the achievement's image (rendered from the open-badge design when the
  // batch was made), read once per achievement.
  const images = new Map<string, Promise<Uint8Array>>();
  const achievementImage = (name: string) => {
    let image = images.get(name);
    if (!image) {
      image = getObjectBytes('public', achievementImageKey(org, name)).then((b) => b ?? defaultBadgePng());
      images.set(name, image);
    }
    return image;
  };
  await mapLimit(anchored, 16, async (badge) => {
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
    const image = await achievementImage(name);
    await Promise.all([
      putObject('public', publicKeys.credential(org.verifierSlug, uuid), json, 'application/json'),
      putObject(
        'public',
        publicKeys.credential(org.verifierSlug, uuid, 'png'),
        bakePng(image, json, 'ob3'),
        'image/png',
      ),
      putObject(
        'public',
        publicKeys.credential(org.verifierSlug, uuid, 'svg'),
        bakeSvg(defaultBadgeSvg(name, org.name), json, 'ob3'),
        'image/svg+xml',
      ),
    ]);
  });
};

/**
 * Signs with the organisation's current badge key, named by its own document's URL (no fragment, so
 * any HTTP loader gets the key); that document's controller, the issuer profile, lists the same id.
 */
const issuerEddsaSigner = async (org: OrgRecord) => {
  const { secretKey, fragment } = await badgeSigningKey(org.orgId);
  const verificationMethod = issuerUrls(org).badgeKey(fragment);
  return (document: object) => createEddsaRdfc2022Proof(document, { secretKey, verificationMethod });
};

/** Publishes a broadcast batch whose transaction has its confirmations (the caller marks it published). */
export const publishBatch = async (batch: BatchRecord, aheadWaitMs = AHEAD_WAIT_MS) => {
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
    const missing = await afterFirstStatusLists(batch.orgId, batch.format);
    if (missing.length)
      throw new Error(`Batch ${batch.id} waits for the first ${missing.join(' and ')} status list`);
  }
  // The workspace rows the batch was made for.
  const runRows = batch.source ? await batchRunRows(batch.orgId, batch) : undefined;
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
    await markStatusListPublished(batch.orgId, batch.statusPurpose ?? 'revocation', 'w3c');
  } else if (batch.kind === 'statuslist') {
    await putObject(
      'public',
      publicKeys.statusList(org.verifierSlug, batch.statusPurpose ?? 'suspension'),
      JSON.stringify(signed[0], null, 2),
      'application/json',
      CHANGES_IN_PLACE,
    );
    await markStatusListPublished(batch.orgId, batch.statusPurpose ?? 'suspension', 'blockcerts');
  } else if (batch.format === 'openbadge') {
    await publishBadges(org, signed);
    // Badges made before they carried a status entry have no statusIndexStart: none to record.
    await recordIssuedCredentials(
      batch.orgId,
      batch.id,
      batch.credentialIds,
      batch.statusIndexStart ?? 0,
      batch.statusIndexStart === undefined ? [] : ['revocation'],
      cohortsOf(runRows?.rows),
    );
  } else {
    // The records and the rows' PDFs, which the issue job most likely is still publishing ahead of
    // the anchor (ahead-of-anchor.ts), or else publishing does: the documents are written meanwhile,
    // and no row is issued before its credential is recorded (a revoke finds it) and its PDF is out.
    // Kept from being an unhandled rejection until awaited.
    const recorded = aheadOfAnchorOrHere(org, batch, runRows?.rows, aheadWaitMs);
    recorded.catch(() => undefined);
    const writeJson = (c: { id?: unknown }) =>
      putObject(
        'public',
        publicKeys.credential(org.verifierSlug, uuidOf(String(c.id))),
        JSON.stringify(c, null, 2),
        'application/json',
      );
    // A run's row gets its document with its PDF; a credential of no row on its own.
    const byId = new Map(signed.map((c) => [String(c.id), c]));
    const ofRows = new Set(runRows?.rows.map((r) => `urn:uuid:${r.certUuid}`));
    await Promise.all([
      // A bounded number at a time: 2,000 requests at once only queue up in the HTTP agent.
      mapLimit(
        signed.filter((c) => !ofRows.has(String(c.id))),
        32,
        writeJson,
      ),
      runRows &&
        publishRunRows(org, batch, runRows, {
          objectsOf: (r) => writeJson(byId.get(`urn:uuid:${r.certUuid}`)!),
          movable: recorded,
          pdfsPublished: true,
        }),
    ]);
    await recorded;
    return;
  }
  // The workspace's rows follow their batch (issued, public PDF, counters, the run done).
  if (runRows) await publishRunRows(org, batch, runRows);
};
