import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { putSecret } from '../settings/secrets';
import { bitcoinAddressOf, fundNewAddressOnDevChain } from '../../adapters/chain/deployment-chains';
import { evmAddressOf } from '../../adapters/chain/evm-rpc';
import type { Blockchain } from './chains';
import { issuingKeys } from '../../store/issuing-keys';
import { issuingKeySecretName, listIssuingKeys, type IssuingKeyRecord } from './issuing-keys';

/**
 * Making an issuing key (the keys function's `POST /api/keys`). Generating a new key retires the
 * previous one (it stays in the issuer profile with `revoked`, so certificates anchored before
 * remain valid) and gets a new verification-method fragment. Apart from keys/issuing-keys.ts, which
 * functions that only read keys import, so they carry no secp256k1 code.
 */
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

  await putSecret(orgId, issuingKeySecretName(chain, fragment), privateKey, { hint: false });
  await issuingKeys().create(record).go();
  for (const old of existing.filter((k) => !k.revoked)) {
    await issuingKeys().patch({ orgId, chain, fragment: old.fragment }).set({ revoked: created }).go();
  }
  await fundNewAddressOnDevChain(chain, ethereumAddress);
  return record;
};
