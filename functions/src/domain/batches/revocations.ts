import { badRequest, notFound } from '@proofmark/shared/errors';
import { batches } from '../../store/batches';
import { issuedCredentials } from '../../store/issued-credentials';
import { revocations } from '../../store/revocations';
import { written, rowsWrittenBeforeEntities as earlierRows } from '../../store/table';
import { MAX_TRANSACTION_ITEMS, put, writeEachConditional } from '../../store/transaction';
import { publishRevocationList } from './public-docs';

/** Which status lists a credential names: certificates both, badges revocation only (OB 3.0 allows one entry). */
export type StatusPurposeName = 'suspension' | 'revocation';

/** Which credentials an organisation issued: written when a batch is published. */
export const recordIssuedCredentials = async (
  orgId: string,
  batchId: string,
  credentialIds: string[],
  statusIndexStart: number,
  statusPurposes: StatusPurposeName[],
  /** The cohort of the workspace row each credential was issued to, by credential id. */
  cohorts?: ReadonlyMap<string, string>,
) => {
  const records = credentialIds.map((credentialId, i) =>
    put(
      issuedCredentials()
        .put({
          orgId,
          credentialId,
          batchId,
          statusIndex: statusIndexStart + i,
          statusPurposes,
          ...(cohorts?.has(credentialId) ? { cohortid: cohorts.get(credentialId) } : {}),
        })
        .params(),
    ),
  );
  // Transactions of a hundred, four in flight, not batch writes of 25: DynamoDB Local took 1.9–2.4 s
  // for 2,000 items so against 5.3–6.1 s (and, beside an issue's hashing and PDF copies, 23 s). A
  // put has no condition: every item is written, and a repeat writes the same items.
  await writeEachConditional(records, { size: MAX_TRANSACTION_ITEMS, atOnce: 4 });
};

export interface IssuedCredential {
  orgId: string;
  credentialId: string;
  batchId: string;
  statusIndex?: number;
  statusPurposes?: StatusPurposeName[];
}

const purposeWord = { revocation: 'revoked', suspension: 'held' } as const;

/**
 * The issued credential, if its published document carries a status entry of that purpose. One
 * without (a badge baked before badges had status entries, or a badge asked to be held) cannot be
 * revoked or held: its index would be nobody's, or somebody else's.
 */
export const statusCarryingCredential = async (
  orgId: string,
  credentialId: string,
  purpose: StatusPurposeName,
): Promise<IssuedCredential & { statusIndex: number }> => {
  const issued = (await issuedCredentials().get({ orgId, credentialId }).go(earlierRows)).data;
  if (!issued) throw notFound(`No issued credential ${credentialId}.`);
  let purposes = issued.statusPurposes as StatusPurposeName[] | undefined;
  if (!purposes) {
    // Recorded before credentials named their purposes: certificates had both entries, badges none.
    const batch = await batches()
      .get({ orgId, id: issued.batchId })
      .go({ attributes: ['format'], ...earlierRows });
    purposes = batch.data?.format === 'openbadge' ? [] : ['suspension', 'revocation'];
  }
  const { statusIndex } = issued;
  if (!purposes.includes(purpose) || statusIndex === undefined) {
    throw badRequest(
      `The credential ${credentialId} carries no ${purpose} status entry, so it cannot be ${purposeWord[purpose]}` +
        (purpose === 'suspension' && purposes.includes('revocation') ? ' (it can be revoked).' : '.'),
    );
  }
  return { ...issued, statusPurposes: purposes, statusIndex };
};

/** Revoking is irreversible: the id goes on the legacy revocation list here; the caller anchors the revocation status list. */
export const revokeCredentials = async (
  orgId: string,
  credentialIds: string[],
  reason: string,
): Promise<void> => {
  // Every one is checked before any is revoked: a refusal changes nothing.
  const issued = [];
  for (const id of credentialIds) issued.push(await statusCarryingCredential(orgId, id, 'revocation'));
  const revokedAt = new Date().toISOString();
  for (const { credentialId, statusIndex } of issued) {
    // Revoking twice keeps the first reason and time.
    await written(revocations().create({ orgId, credentialId, statusIndex, reason, revokedAt }).go());
  }
  await publishRevocationList(orgId);
};
