import { randomBytes } from 'node:crypto';
import { AppError } from '@proofmark/shared/errors';
import { recipientStatus } from '@proofmark/shared/recipients/rules';
import { oneTimeCodes } from '../../store/one-time-codes';
import { recipients } from '../../store/recipients';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';
import { update } from '../../store/transaction';
import { rowKeyOf } from '../recipients/recipient-store';
import { orgIdBySlug } from '../accounts/users';
import { counterItems, writeCounted } from '../dashboard/counters';

/**
 * The Blockcerts Wallet introduction: a recipient's wallet posts its address with the one-time code
 * from the invitation. The code is single-use and bound to one recipient row; on success the row
 * gets the address and the status 'PK received', and its cohort's invitation funnel counts a wallet
 * connected — in the same transaction as the code's use, so it counts once.
 */
export const RECIPIENT_PREFIX = 'ecdsa-koblitz-pubkey:';

const invalidNonce = () => new AppError('bad_request', 'Invalid nonce');

/** Ethereum (0x + 40 hex) or Bitcoin (base58 or bech32) addresses, with or without the prefix. */
export const normaliseWalletAddress = (raw: string): string | undefined => {
  const address = raw.trim().replace(new RegExp(`^${RECIPIENT_PREFIX}`), '');
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address;
  if (
    /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/.test(address) ||
    /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)
  )
    return address;
  return undefined;
};

/** Binds a fresh code to a recipient row (`pk`/`sk` of the row, which must be the org's). */
export const issueOneTimeCode = async (
  orgId: string,
  recipient: { pk: string; sk: string },
): Promise<string> => {
  const code = randomBytes(16).toString('base64url');
  await oneTimeCodes()
    .create({
      code,
      orgId,
      recipientPk: recipient.pk,
      recipientSk: recipient.sk,
      createdAt: new Date().toISOString(),
    })
    .go({ response: 'none' });
  return code;
};

/** Removes a code (its row is deleted: the wallet can no longer introduce itself to it). */
export const forgetOneTimeCode = async (code: string) => {
  await oneTimeCodes().delete({ code }).go({ response: 'none' });
};

export const introduceWallet = async (slug: string, nonce: string, rawAddress: string): Promise<void> => {
  const address = normaliseWalletAddress(rawAddress);
  const orgId = await orgIdBySlug(slug);
  if (!address || !orgId) throw invalidNonce();
  const { data: item } = await oneTimeCodes()
    .get({ code: nonce })
    .go({ ...earlierRows, consistent: true });
  // A code of another organisation is as invalid as no code at all.
  if (!item || item.orgId !== orgId || item.usedAt) throw invalidNonce();
  const row = rowKeyOf(item.recipientPk, item.recipientSk);
  if (!row || row.orgId !== orgId) throw invalidNonce();
  // Retried when it lost only to another transaction on the cohort's counter (wallets connecting at
  // once); a failed condition is a code used meanwhile.
  const written = await writeCounted([
    update(
      oneTimeCodes()
        .patch({ code: nonce })
        .set({ usedAt: new Date().toISOString() })
        .where(
          ({ usedAt, orgId: owner }, { notExists, eq }) => `${notExists(usedAt)} AND ${eq(owner, orgId)}`,
        )
        .params(),
    ),
    update(recipients().patch(row).set({ publicKey: address, status: recipientStatus.pkReceived }).params()),
    ...counterItems(orgId, { invitations: { [row.cohortid]: { connected: 1 } } }),
  ]);
  if (!written) throw invalidNonce();
};
