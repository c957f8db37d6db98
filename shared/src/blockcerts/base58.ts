// base58btc encoding of a MerkleProof2019 proofValue (~600 bytes each, one per certificate).
// @scure/base converts digit by digit (quadratic in the length); here the bytes become one BigInt and
// are divided by 58⁹ at a time, the largest power of 58 whose remainders stay exact in a Number.
// About three times faster on proof-sized input, and byte for byte what @scure/base writes (its
// decoder stays in use; base58.test.ts compares the two on random input).

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS_PER_CHUNK = 9;
const CHUNK = 58n ** BigInt(DIGITS_PER_CHUNK);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function base58btcEncode(bytes: Uint8Array): string {
  // Leading zero bytes are written as '1' each, as every base58 encoder does.
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let hex = '';
  for (let i = zeros; i < bytes.length; i++) hex += HEX[bytes[i]!];
  let n = hex === '' ? 0n : BigInt(`0x${hex}`);
  const digits: string[] = [];
  while (n > 0n) {
    let chunk = Number(n % CHUNK);
    n /= CHUNK;
    // Every chunk but the most significant one is written with all its digits, zeros included.
    for (let d = 0; d < DIGITS_PER_CHUNK && (n > 0n || chunk > 0); d++) {
      digits.push(ALPHABET[chunk % 58]!);
      chunk = Math.floor(chunk / 58);
    }
  }
  return '1'.repeat(zeros) + digits.reverse().join('');
}
