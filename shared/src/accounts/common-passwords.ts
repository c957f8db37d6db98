import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * The ~50,000 most common passwords of zxcvbn's list (those shorter than the minimum are refused by
 * length anyway). Case-insensitive, like the breached-password checks ASVS 2.1.7 describes.
 */
export const isCommonPassword = (password: string): boolean => {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
};
