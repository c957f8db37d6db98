import { accountMessages } from './messages';

export const PASSWORD_MIN = 8;
/** ASVS asks to allow at least 64; 128 keeps hashing input bounded. */
export const PASSWORD_MAX = 128;

/**
 * OWASP ASVS level 2: length only, no composition rules, and the most common passwords refused.
 * `isCommon` is injected so the browser need not download the list; the server always checks it.
 */
export const passwordProblem = (password: string, isCommon?: (p: string) => boolean): string | undefined => {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return accountMessages.passwordTooShort;
  if (length > PASSWORD_MAX) return accountMessages.passwordTooLong;
  if (isCommon?.(password)) return accountMessages.passwordTooCommon;
  return undefined;
};
