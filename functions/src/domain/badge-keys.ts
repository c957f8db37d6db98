import { ed25519 } from '@noble/curves/ed25519.js';
import { putSecret, readSecret } from './secrets';

const SECRET = 'badge-key/ed25519';

/**
 * The organisation's Ed25519 key for the eddsa-rdfc-2022 proof of its Open Badges 3.0 credentials
 * (what 1EdTech's checks expect besides the Merkle proof). Made on first use and sealed like every
 * secret. Proofs name it as a did:key, which carries the public key itself.
 */
export const badgeSigningKey = async (
  orgId: string,
): Promise<{ secretKey: Uint8Array; publicKey: Uint8Array }> => {
  let hex = await readSecret(orgId, SECRET);
  if (!hex) {
    hex = Buffer.from(ed25519.utils.randomSecretKey()).toString('hex');
    await putSecret(orgId, SECRET, hex, { hint: false });
  }
  const secretKey = new Uint8Array(Buffer.from(hex, 'hex'));
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
};
