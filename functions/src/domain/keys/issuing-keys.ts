import { notFound } from '@proofmark/shared/errors';
import type { IssuingKey } from '@proofmark/shared/blockcerts/index';
import { readSecret } from '../settings/secrets';
import type { Blockchain } from './chains';
import { issuingKeys } from '../../store/issuing-keys';
import { written, rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

/**
 * Issuing keys, per organisation and chain. The private key is sealed in the secrets store the
 * moment it is made (keys/issuing-key-generation.ts: only the keys function makes keys, so only it
 * carries the curve code) and is only ever read by the anchoring job; no API returns it.
 */
export interface IssuingKeyRecord {
  orgId: string;
  chain: Blockchain;
  fragment: string;
  address: string;
  publicKeyHex: string;
  created: string;
  revoked?: string;
}

/** Where a key's private half is sealed (written by keys/issuing-key-generation.ts). */
export const issuingKeySecretName = (chain: Blockchain, fragment: string) =>
  `issuing-key/${chain}/${fragment}`;

export const listIssuingKeys = async (orgId: string, chain?: Blockchain): Promise<IssuingKeyRecord[]> => {
  const out = await issuingKeys()
    .query.byId(chain ? { orgId, chain } : { orgId })
    .go({ pages: 'all', consistent: true, ...earlierRows });
  return out.data.map(recordOf).sort((a, b) => a.created.localeCompare(b.created));
};

/** The record without the entity's own bookkeeping (the nonce counter is the anchoring job's). */
const recordOf = ({ nextNonce: _, ...k }: IssuingKeyRecord & { nextNonce?: number }): IssuingKeyRecord => k;

export const activeIssuingKey = async (
  orgId: string,
  chain: Blockchain,
): Promise<IssuingKeyRecord | undefined> =>
  (await listIssuingKeys(orgId, chain)).filter((k) => !k.revoked).at(-1);

/**
 * The next EVM nonce of a key. Two batches signed at once from one address must not share a nonce
 * (one would never be mined), so nonces are handed out by a conditional counter on the key's row,
 * never below what the chain has already seen from the address.
 */
export const allocateNonce = async (key: IssuingKeyRecord, chainCount: number): Promise<number> => {
  const id = { orgId: key.orgId, chain: key.chain, fragment: key.fragment };
  for (;;) {
    const out = await issuingKeys()
      .get(id)
      .go({ consistent: true, attributes: ['nextNonce'], ...earlierRows });
    const stored = out.data?.nextNonce;
    const nonce = Math.max(stored ?? 0, chainCount);
    const taken = await written(
      issuingKeys()
        .patch(id)
        .set({ nextNonce: nonce + 1 })
        .where(({ nextNonce }, { eq, notExists }) =>
          stored === undefined ? notExists(nextNonce) : eq(nextNonce, stored),
        )
        .go(),
    );
    if (taken) return nonce;
  }
};

/** For the anchoring job only. */
export const issuingPrivateKey = async (key: IssuingKeyRecord): Promise<string> => {
  const value = await readSecret(key.orgId, issuingKeySecretName(key.chain, key.fragment));
  if (!value) throw notFound(`The private key of ${key.address} is missing`);
  return value;
};

/** The profile's view of the keys. */
export const profileKeys = (keys: IssuingKeyRecord[]): IssuingKey[] =>
  keys.map((k) => ({
    fragment: k.fragment,
    publicKey: k.publicKeyHex.replace(/^0x/, ''),
    created: k.created,
    ...(k.chain === 'bitcoin' ? { address: k.address } : {}),
    ...(k.revoked ? { revoked: k.revoked } : {}),
  }));
