import { conflict } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { createIdentity, deleteIdentity } from '../../adapters/identity';
import { emailGuards } from '../../store/email-guards';
import { lostConditionalRace, put, writeAll, type TransactItem } from '../../store/transaction';
import { findUserByEmail, userPut, type UserRecord } from './users';
import { logger } from '../../adapters/logger';

/**
 * Creates a user as one unit: the Cognito identity first, then its rows — the user, the email
 * guard and any `extraItems` (a new organisation) — in one transaction. If the transaction fails the
 * identity is deleted again, so a failure half way leaves neither behind. `build` gets the new
 * user's id (Cognito's `sub`).
 */
export const createUserWithIdentity = async (
  identity: { email: string; password: string; orgId: string; isAdmin: boolean },
  build: (userId: string) => { user: UserRecord; extraItems?: TransactItem[] },
): Promise<UserRecord> => {
  if (await findUserByEmail(identity.email)) throw conflict(accountMessages.emailTaken);
  const userId = await createIdentity(identity);
  const { user, extraItems = [] } = build(userId);
  try {
    await writeAll([
      ...extraItems,
      put(userPut(user)),
      // Guards against two sign-ups with one email racing past the lookup above.
      put(emailGuards().create({ email: identity.email, orgId: identity.orgId, userId }).params()),
    ]);
  } catch (err) {
    await deleteIdentity(identity.email).catch((cleanupErr) =>
      logger.error('could not remove the Cognito user after its rows failed', {
        email: identity.email,
        error: cleanupErr as Error,
      }),
    );
    if (lostConditionalRace(err)) throw conflict(accountMessages.emailTaken);
    throw err;
  }
  return user;
};
