import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { notFound } from '@proofmark/shared/errors';
import type { IssuingKey } from '@proofmark/shared/blockcerts/index';
import { putSecret, readSecret } from './secrets';
import { bitcoinAddressOf, fundNewAddressOnDevChain } from '../adapters/chain/deployment-chains';
import { evmAddressOf } from '../adapters/chain/evm-rpc';
import type { Blockchain } from './chains';
import { issuingKeys } from '../store/issuing-keys';
import { written, rowsWrittenBeforeEntities as earlierRows } from '../store/table';

/**
 * Issuing keys, per organisation and chain. The private key is sealed in the secrets store the
 * moment it is made and is only ever read by the anchoring job; no API returns it. Generating a
 * new key retires the previous one (it stays in the issuer profile with `revoked`, so certificates
 * anchored before remain valid) and gets a new verification-method fragment.
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

const secretName = (chain: Blockchain, fragment: string) => `issuing-key/${chain}/${fragment}`;

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

export const generateIssuingKey = async (orgId: string, chain: Blockchain): Promise<IssuingKeyRecord> => {
  const existing = await listIssuingKeys(orgId, chain);
  // Fragments share one namespace in the issuer profile: Bitcoin keys get their own prefix.
  const fragment = `${chain === 'ethereum' ? 'key' : 'btc-key'}-${existing.length + 1}`;
  const secretKey = secp256k1.utils.randomSecretKey();
  const privateKey = `0x${bytesToHex(secretKey)}`;
  const ethereumAddress = evmAddressOf(privateKey);
  // One second in the past: verifiers require the key to exist strictly before its first anchoring block.
  const created = new Date(Date.now() - 1000).toISOString();
  const record: IssuingKeyRecord = {
    orgId,
    chain,
    fragment,
    // Both chains use secp256k1 keys; only the address format differs.
    address: chain === 'ethereum' ? ethereumAddress : bitcoinAddressOf(privateKey),
    // Uncompressed, 0x-prefixed (0x04…), as issuer profiles list it.
    publicKeyHex: `0x${bytesToHex(secp256k1.getPublicKey(secretKey, false))}`,
    created,
  };

  await putSecret(orgId, secretName(chain, fragment), privateKey, { hint: false });
  await issuingKeys().create(record).go();
  for (const old of existing.filter((k) => !k.revoked)) {
    await issuingKeys().patch({ orgId, chain, fragment: old.fragment }).set({ revoked: created }).go();
  }
  await fundNewAddressOnDevChain(chain, ethereumAddress);
  return record;
};

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
  const value = await readSecret(key.orgId, secretName(key.chain, key.fragment));
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
