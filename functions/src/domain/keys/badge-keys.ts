import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { ed25519PublicKeyMultibase } from '@proofmark/shared/blockcerts/multikey';
import type { BadgeSigningKey } from '@proofmark/shared/blockcerts/issuer-profile';
import { badgeKeys } from '../../store/badge-keys';
import { written, rowsWrittenBeforeEntities as earlierRows } from '../../store/table';
import { deleteSecret, putSecret, readSecret } from '../settings/secrets';

/**
 * The organisation's Ed25519 keys for the eddsa-rdfc-2022 proof of its Open Badges 3.0 credentials
 * and of its W3C status list. Each key is published as a Multikey document of its own
 * (`…/issuers/<slug>/keys/badge-key-<n>.json`) controlled by the issuer profile, and listed in the
 * profile by that id, which is what ties the key to the issuer id. Badges signed before keys had
 * their own URL name `<profile URL>#badge-key-<n>`; the profile keeps listing that id too.
 *
 * Over time: exactly one key is current. Rotating retires it (its record keeps `revoked`, so the
 * profile keeps listing it and badges it signed still verify) and deletes its private half, so a
 * retired key can sign nothing any more; the next key gets the next number, never a reused one.
 */
export interface BadgeKeyRecord {
  number: number;
  fragment: string;
  publicKeyMultibase: string;
  created: string;
  revoked?: string;
  /** Where the sealed private key lives (one secret per key, named uniquely so a lost race leaves no mismatch). */
  secretName: string;
}

/** Before keys rotated there was one key under this name; it becomes badge-key-1. */
const LEGACY_SECRET = 'badge-key/ed25519';

export const listBadgeKeys = async (orgId: string): Promise<BadgeKeyRecord[]> =>
  (await badgeKeys().query.byId({ orgId }).go({ pages: 'all', consistent: true, ...earlierRows })).data.sort(
    (a, b) => a.number - b.number,
  );

/** The profile's view of the keys (public halves and dates only), each at the URL `keyUrl` names. */
export const profileBadgeKeys = (
  keys: BadgeKeyRecord[],
  keyUrl: (fragment: string) => string,
): BadgeSigningKey[] =>
  keys.map((k) => ({
    url: keyUrl(k.fragment),
    fragment: k.fragment,
    publicKeyMultibase: k.publicKeyMultibase,
    created: k.created,
    ...(k.revoked ? { revoked: k.revoked } : {}),
  }));

/** Stores key number `n` unless someone else stored one first; false when that happened. */
const storeKey = async (
  orgId: string,
  n: number,
  secretHex?: string,
  secretName?: string,
): Promise<boolean> => {
  const hex = secretHex ?? Buffer.from(ed25519.utils.randomSecretKey()).toString('hex');
  const name = secretName ?? `${LEGACY_SECRET}/${randomUUID()}`;
  if (!secretName) await putSecret(orgId, name, hex, { hint: false });
  const publicKey = ed25519.getPublicKey(new Uint8Array(Buffer.from(hex, 'hex')));
  const record: BadgeKeyRecord = {
    number: n,
    fragment: `badge-key-${n}`,
    publicKeyMultibase: ed25519PublicKeyMultibase(publicKey),
    // A second before now: a badge signed at once must not predate its key.
    created: new Date(Date.now() - 1000).toISOString(),
    secretName: name,
  };
  const stored = await written(
    badgeKeys()
      .create({ orgId, ...record })
      .go(),
  );
  if (!stored && !secretName) await deleteSecret(orgId, name);
  return stored;
};

const currentRecord = async (orgId: string): Promise<BadgeKeyRecord> => {
  for (;;) {
    const keys = await listBadgeKeys(orgId);
    const current = keys.find((k) => !k.revoked);
    if (current) return current;
    const next = (keys.at(-1)?.number ?? 0) + 1;
    // The single key made before rotation existed keeps signing as badge-key-1.
    const legacy = next === 1 ? await readSecret(orgId, LEGACY_SECRET) : undefined;
    await storeKey(orgId, next, legacy, legacy ? LEGACY_SECRET : undefined);
  }
};

/** The current key (made on first use): what signs badges and the W3C status list now. */
export const badgeSigningKey = async (
  orgId: string,
): Promise<{ secretKey: Uint8Array; publicKey: Uint8Array; fragment: string }> => {
  const record = await currentRecord(orgId);
  const hex = await readSecret(orgId, record.secretName);
  if (!hex) throw new Error(`The private half of ${record.fragment} is missing`);
  const secretKey = new Uint8Array(Buffer.from(hex, 'hex'));
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey), fragment: record.fragment };
};

/** Retires the current key and makes the next one current; returns the new key's record. */
export const rotateBadgeKey = async (orgId: string): Promise<BadgeKeyRecord> => {
  const current = await currentRecord(orgId);
  const retired = await written(
    badgeKeys()
      .patch({ orgId, number: current.number })
      .set({ revoked: new Date().toISOString() })
      .where(({ revoked }, { notExists }) => notExists(revoked))
      .go(),
  );
  // Retired for good: without its private half nothing can be signed with it again.
  if (retired) await deleteSecret(orgId, current.secretName);
  return currentRecord(orgId);
};
