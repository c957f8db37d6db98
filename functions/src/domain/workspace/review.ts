import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '@proofmark/shared/errors';
import { canReset, canReview, certificateStatus } from '@proofmark/shared/workspace/rules';
import { dynamoClient } from '../../adapters/aws';
import { deleteObject } from '../../adapters/blobs';
import { env } from '../../adapters/env';
import { conditionHolds } from '../../adapters/table';
import { objectKeys } from '../keys';
import { mapLimit, type RecipientItem } from '../recipient-store';
import { resolveSelection } from '../recipients';

/**
 * Send for Review and Reset (§2.5): transitions of generated rows. Each row changes only if it is
 * still in one of the statuses the verdict allowed (a conditional write), so a row issued or reset
 * meanwhile by someone else is left alone.
 */

/** Sets (and removes) attributes of a row while its status is one of `statuses`; false otherwise. */
export const updateWhileStatus = (
  row: Pick<RecipientItem, 'pk' | 'sk'>,
  statuses: readonly string[],
  set: Record<string, unknown>,
  remove: readonly string[] = [],
): Promise<boolean> => {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['updatedAt = :now'];
  Object.entries(set).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  const removes = remove.map((k, i) => ((names[`#r${i}`] = k), `#r${i}`));
  statuses.forEach((s, i) => (values[`:w${i}`] = s));
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: { pk: row.pk, sk: row.sk },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${statuses.map((_, i) => `:w${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
};

export const GENERATED_STATUSES = [certificateStatus.generated, certificateStatus.sentForReview] as const;

export const sendForReview = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
): Promise<{ updated: number }> => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const verdict = canReview(rows.map((r) => r.status));
  if (!verdict.ok) throw badRequest(verdict.message);
  const now = new Date().toISOString();
  const done = await mapLimit(rows, 10, (r) =>
    updateWhileStatus(r, GENERATED_STATUSES, { status: certificateStatus.sentForReview, reviewAt: now }),
  );
  return { updated: done.filter(Boolean).length };
};

/**
 * Reset: the row goes back to before generation — PK received when it has a public key, else
 * Invite pending — and its rendering is deleted. The certUuid is kept: generating again gives the
 * same certificate id (it is only published at issuance).
 */
export const resetCertificates = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
): Promise<{ updated: number }> => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const verdict = canReset(rows.map((r) => r.status));
  if (!verdict.ok) throw badRequest(verdict.message);
  const done = await mapLimit(rows, 10, async (r) => {
    const ok = await updateWhileStatus(
      r,
      GENERATED_STATUSES,
      {
        status: r.publicKey ? certificateStatus.pkReceived : certificateStatus.invitePending,
        validated: 0,
      },
      ['generatedAt', 'generateRun', 'reviewAt'],
    );
    if (ok && r.certUuid) {
      await Promise.all(
        (['pdf', 'png'] as const).map((ext) =>
          deleteObject('artefacts', objectKeys.generated(orgId, r.certUuid!, ext)),
        ),
      );
    }
    return ok;
  });
  return { updated: done.filter(Boolean).length };
};
