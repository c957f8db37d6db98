// No look-alikes (0/O, 1/l/I): the user types this from an email.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A temporary password for a new team user: 4 groups of 4 characters (about 93 bits), easy to copy
 * from the invitation mail; the user replaces it at first sign-in. `random` is injectable for tests.
 */
export function temporaryPassword(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const chars: string[] = [];
  while (chars.length < 16) {
    for (const byte of random(new Uint8Array(32))) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 256 - (256 % alphabet.length) && chars.length < 16) chars.push(alphabet[byte % alphabet.length]!);
    }
  }
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
