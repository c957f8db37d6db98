import { canHold, canRevoke, canUnhold, certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { anchorStatusList } from '../batches/status-list-editions';
import type { RecipientItem } from '../recipients/recipient-store';
import { allowedSelection } from '../recipients/recipients';
import { revokeCredentials } from '../batches/revocations';
import { countOnce } from '../dashboard/counters';
import { setHeld } from '../batches/status-list';
import type { UserRecord } from '../accounts/users';
import { checkCredentials } from './issue/requests';
import { movedRows, transitionRow } from './row-transitions';

/**
 * Revoke, hold and unhold from the Issued tab (§2.5, §5): the credential engine changes the status
 * lists (and anchors a new edition of the list), then the rows follow. Each row moves by a
 * conditional write from the status it was read in, so a concurrent change is never overwritten.
 */

const credentialIdOf = (r: RecipientItem) => `urn:uuid:${r.certUuid}`;

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
  const { rows } = await allowedSelection(orgId, req.certtype, req.selectedItems, (statuses) =>
    canRevoke(statuses, req.revokereason),
  );
  await revokeCredentials(orgId, rows.map(credentialIdOf), req.revokereason);
  // Badges name the W3C form of the revocation list, certificates the Blockcerts form.
  const batch = await anchorStatusList(
    orgId,
    'revocation',
    req.certtype === 'openbadges' ? 'w3c' : 'blockcerts',
  );
  const revokedAt = new Date().toISOString();
  const moved = await movedRows(rows, (r) =>
    transitionRow(r, [r.status], { status: st.revoked, revokedAt, revokeReason: req.revokereason }),
  );
  await countOnce(orgId, `revoked#${batch.id}`, {
    stats: { revoked: moved.length },
    moves: moved.map((r) => ({ certtype: r.certtype, from: r.status, to: st.revoked })),
  });
  return { updated: moved.length, batchId: batch.id };
};

/**
 * Hold and unhold: the credentials' bits in the suspension status list are set (or cleared) and a
 * new edition of the list anchored, then each row moves (`move`, given the time of the change).
 */
const changeSuspension = async (
  orgId: string,
  certtype: string,
  selectedItems: string[],
  held: boolean,
  target: (r: RecipientItem) => string,
  move: (r: RecipientItem, at: string) => Promise<boolean>,
): Promise<StatusChange> => {
  const { rows } = await allowedSelection(orgId, certtype, selectedItems, held ? canHold : canUnhold);
  await setHeld(orgId, rows.map(credentialIdOf), held);
  const batch = await anchorStatusList(orgId, 'suspension');
  const at = new Date().toISOString();
  const moved = await movedRows(rows, (r) => move(r, at));
  await countOnce(orgId, `${held ? 'hold' : 'unhold'}#${batch.id}`, {
    moves: moved.map((r) => ({ certtype: r.certtype, from: r.status, to: target(r) })),
  });
  return { updated: moved.length, batchId: batch.id };
};

const unheldStatus = (r: RecipientItem) => r.statusBeforeHold || st.issued;

/** Hold: the certificate shows as suspended until unheld; the row remembers what it was. */
export const holdSelection = (orgId: string, certtype: string, selectedItems: string[]) =>
  changeSuspension(
    orgId,
    certtype,
    selectedItems,
    true,
    () => st.hold,
    (r, heldAt) => transitionRow(r, [r.status], { status: st.hold, statusBeforeHold: r.status, heldAt }),
  );

/** Unhold (§5: only Hold rows): back to the status before the hold. */
export const unholdSelection = (orgId: string, certtype: string, selectedItems: string[]) =>
  changeSuspension(orgId, certtype, selectedItems, false, unheldStatus, (r) =>
    transitionRow(r, [st.hold], { status: unheldStatus(r) }, { remove: ['statusBeforeHold', 'heldAt'] }),
  );
