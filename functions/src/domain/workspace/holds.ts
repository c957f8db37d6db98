import { badRequest } from '@proofmark/shared/errors';
import { canHold, canRevoke, canUnhold, certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { anchorStatusList } from '../status-list-editions';
import { mapLimit, type RecipientItem } from '../recipient-store';
import { resolveSelection } from '../recipients';
import { revokeCredentials } from '../revocations';
import { recordStat } from '../stats';
import { setHeld } from '../status-list';
import type { UserRecord } from '../users';
import { checkCredentials } from './issue';
import { transitionRow } from './row-transitions';

/**
 * Revoke, hold and unhold from the Issued tab (§2.5, §5): the credential engine changes the status
 * lists (and anchors a new edition of the list), then the rows follow. Each row moves by a
 * conditional write from the status it was read in, so a concurrent change is never overwritten.
 */

const credentialIdOf = (r: RecipientItem) => `urn:uuid:${r.certUuid}`;

const selectedRows = async (orgId: string, certtype: string, selectedItems: readonly string[]) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  return rows;
};

export interface StatusChange {
  updated: number;
  /** The status-list batch anchoring the change (follow it like any batch). */
  batchId: string;
}

/** Revoke (email + password again, under the sign-in throttle of `client`; a reason): irreversible. */
export const revokeSelection = async (
  orgId: string,
  user: UserRecord,
  req: { email: string; password: string; certtype: string; selectedItems: string[]; revokereason: string },
  client: string,
): Promise<StatusChange> => {
  await checkCredentials(user, req.email, req.password, client);
  const rows = await selectedRows(orgId, req.certtype, req.selectedItems);
  const verdict = canRevoke(
    rows.map((r) => r.status),
    req.revokereason,
  );
  if (!verdict.ok) throw badRequest(verdict.message);
  await revokeCredentials(orgId, rows.map(credentialIdOf), req.revokereason);
  // Badges name the W3C form of the revocation list, certificates the Blockcerts form.
  const batch = await anchorStatusList(
    orgId,
    'revocation',
    req.certtype === 'openbadges' ? 'w3c' : 'blockcerts',
  );
  const revokedAt = new Date().toISOString();
  const moved = await mapLimit(rows, 10, (r) =>
    transitionRow(r, [r.status], { status: st.revoked, revokedAt, revokeReason: req.revokereason }),
  );
  const updated = moved.filter(Boolean).length;
  await recordStat(orgId, 'revoked', updated);
  return { updated, batchId: batch.id };
};

/** Hold: the certificate shows as suspended until unheld; the row remembers what it was. */
export const holdSelection = async (
  orgId: string,
  certtype: string,
  selectedItems: string[],
): Promise<StatusChange> => {
  const rows = await selectedRows(orgId, certtype, selectedItems);
  const verdict = canHold(rows.map((r) => r.status));
  if (!verdict.ok) throw badRequest(verdict.message);
  await setHeld(orgId, rows.map(credentialIdOf), true);
  const batch = await anchorStatusList(orgId, 'suspension');
  const heldAt = new Date().toISOString();
  const moved = await mapLimit(rows, 10, (r) =>
    transitionRow(r, [r.status], { status: st.hold, statusBeforeHold: r.status, heldAt }),
  );
  return { updated: moved.filter(Boolean).length, batchId: batch.id };
};

/** Unhold (§5: only Hold rows): back to the status before the hold. */
export const unholdSelection = async (
  orgId: string,
  certtype: string,
  selectedItems: string[],
): Promise<StatusChange> => {
  const rows = await selectedRows(orgId, certtype, selectedItems);
  const verdict = canUnhold(rows.map((r) => r.status));
  if (!verdict.ok) throw badRequest(verdict.message);
  await setHeld(orgId, rows.map(credentialIdOf), false);
  const batch = await anchorStatusList(orgId, 'suspension');
  const moved = await mapLimit(rows, 10, (r) =>
    transitionRow(
      r,
      [st.hold],
      { status: r.statusBeforeHold || st.issued },
      { remove: ['statusBeforeHold', 'heldAt'] },
    ),
  );
  return { updated: moved.filter(Boolean).length, batchId: batch.id };
};
