import { canReset, canReview, certificateStatus } from '@proofmark/shared/workspace/rules';
import { deleteObject } from '../../adapters/blobs';
import { objectKeys } from '../object-keys';
import { allowedSelection } from '../recipients/recipients';
import { moveEach, transitionRow } from './row-transitions';

/**
 * Send for Review and Reset (§2.5): transitions of generated rows. Each row changes only if it is
 * still in one of the statuses the verdict allowed (a conditional write), so a row issued or reset
 * meanwhile by someone else is left alone.
 */

export const GENERATED_STATUSES = [certificateStatus.generated, certificateStatus.sentForReview] as const;

export const sendForReview = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
): Promise<{ updated: number }> => {
  const { rows } = await allowedSelection(orgId, certtype, selectedItems, canReview);
  const now = new Date().toISOString();
  const updated = await moveEach(rows, (r) =>
    transitionRow(r, GENERATED_STATUSES, { status: certificateStatus.sentForReview, reviewAt: now }),
  );
  return { updated };
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
  const { rows } = await allowedSelection(orgId, certtype, selectedItems, canReset);
  const updated = await moveEach(rows, async (r) => {
    const ok = await transitionRow(
      r,
      GENERATED_STATUSES,
      {
        status: r.publicKey ? certificateStatus.pkReceived : certificateStatus.invitePending,
        validated: 0,
      },
      { remove: ['generatedAt', 'generateRun', 'reviewAt'] },
    );
    if (ok && r.certUuid) {
      await Promise.all(
        // The PNG is what generate made beside the PDF before it stopped (deleted with it).
        (['pdf', 'png'] as const).map((ext) =>
          deleteObject('artefacts', objectKeys.generated(orgId, r.certUuid!, ext)),
        ),
      );
    }
    return ok;
  });
  return { updated };
};
