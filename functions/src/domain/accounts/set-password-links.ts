import { createHash, randomBytes } from 'node:crypto';
import { badRequest } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { appBaseUrl } from '../../adapters/site-urls';
import { setPasswordLinks } from '../../store/set-password-links';
import { isConditionFailure } from '../../store/table';
import { getUser, updateUser, type UserRecord } from './users';

/** How long a mailed set-password link works. */
export const SET_PASSWORD_LINK_SECONDS = 72 * 60 * 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const deleteLink = (tokenHash: string) => setPasswordLinks().delete({ tokenHash }).go();

/**
 * A new set-password link for a user: 256 random bits, only its hash stored, expiring (DynamoDB TTL
 * plus our own check, since TTL deletion is lazy). The user's previous link stops working: its row
 * is deleted and the user row names only the newest hash.
 */
export const issueSetPasswordLink = async (user: UserRecord): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  if (user.setPasswordLinkHash) await deleteLink(user.setPasswordLinkHash);
  await setPasswordLinks()
    .put({
      tokenHash,
      orgId: user.orgId,
      userId: user.userId,
      expiresAt: nowSeconds() + SET_PASSWORD_LINK_SECONDS,
    })
    .go();
  await updateUser(user.orgId, user.userId, { setPasswordLinkHash: tokenHash });
  return `${appBaseUrl()}/set-password?token=${token}`;
};

/**
 * Burns a link and answers its user. Of two concurrent redemptions only the one whose conditional
 * delete succeeds wins; an expired, used, replaced or unknown link is one and the same 400.
 */
export const redeemSetPasswordLink = async (token: string): Promise<UserRecord> => {
  const tokenHash = hashOf(token);
  const invalid = badRequest(accountMessages.setPasswordLinkInvalid);
  let link: { orgId: string; userId: string } | null;
  try {
    const out = await setPasswordLinks()
      .remove({ tokenHash })
      .where(({ expiresAt }, { gt }) => gt(expiresAt, nowSeconds()))
      .go({ response: 'all_old' });
    link = out.data;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    await deleteLink(tokenHash);
    throw invalid;
  }
  const user = link ? await getUser(link.orgId, link.userId) : undefined;
  // A removed member, or a link replaced since (belt and braces: the old row is deleted on reissue).
  if (!user || user.setPasswordLinkHash !== tokenHash) throw invalid;
  await updateUser(user.orgId, user.userId, { setPasswordLinkHash: '' });
  return user;
};
