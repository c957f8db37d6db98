import { AppError, forbidden, unauthorized } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import type { RouteAccess } from '@proofmark/shared/contract/define';
import { getUser, type UserRecord } from './users';
import { tokenStillValid } from './sessions';

/**
 * The server-side permission check for one call, from the route's entry in the access table and the
 * user's current row (so a changed flag or a logout takes effect on the very next call).
 */
export const authorizeCall = async (
  orgId: string,
  userId: string,
  issuedAt: number,
  access: RouteAccess,
): Promise<UserRecord> => {
  const user = await getUser(orgId, userId);
  if (!user || !tokenStillValid(user, issuedAt)) throw unauthorized();
  if (user.deactivated) throw new AppError('forbidden', accountMessages.accountDeactivated);
  if (!user.emailConfirmed) throw new AppError('forbidden', accountMessages.confirmEmailFirst);
  if (user.mustChangePassword && !(access.kind === 'self' && access.duringPasswordChange)) {
    throw new AppError('forbidden', accountMessages.mustChangePassword);
  }
  const allowed = isAllowed(user, access);
  if (!allowed)
    throw access.kind === 'mainAdmin' ? forbidden(accountMessages.teamMainAdminOnly) : forbidden();
  return user;
};

export const isAllowed = (
  user: Pick<UserRecord, 'isMainAdmin' | 'permissions'>,
  access: RouteAccess,
): boolean => {
  if (user.isMainAdmin) return true;
  switch (access.kind) {
    case 'public':
    case 'self':
      return true;
    case 'read':
      return !access.flag || user.permissions[access.flag] === 1;
    case 'write':
      return user.permissions.viewonly !== 1 && (!access.flag || user.permissions[access.flag] === 1);
    case 'mainAdmin':
      return false;
  }
};
