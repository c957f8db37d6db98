/** The package that holds zxcvbn's list of common passwords (~380 kB of data). */
export const COMMON_PASSWORDS_PACKAGE = '@zxcvbn-ts/language-common';

let check: Promise<(password: string) => boolean> | undefined;

/**
 * The check against the ~50,000 most common passwords of zxcvbn's list (those shorter than the
 * minimum are refused by length anyway), case-insensitive like the breached-password checks ASVS
 * 2.1.7 describes. The list is loaded on first use, so only a call that sets a password reads it; a
 * Lambda bundle keeps the package beside its code (infra/bundling.ts) instead of inside it.
 */
export const commonPasswordCheck = (): Promise<(password: string) => boolean> =>
  (check ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
    return (password: string) => common.has(password.toLowerCase());
  }));
