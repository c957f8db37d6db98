import { CONTEXT } from './contexts/index';
import { toRfc3339 } from './dates';
import { ethereumAddressFromPublicKey, publicKeyToJwk, type Secp256k1PublicKeyJwk } from './keys';
import { RECIPIENT_KEY_PREFIX } from './build';

export interface IssuingKey {
  /** Fragment of the verificationMethod id, e.g. 'key-1'. Never reuse one for a different key:
   * published certificates name it in proof.verificationMethod. */
  fragment: string;
  /** secp256k1 public key (SEC1 bytes or hex). */
  publicKey: Uint8Array | string;
  /** Must be strictly before the first anchoring block of this key. */
  created: Date | string;
  expires?: Date | string;
  revoked?: Date | string;
  /** The anchoring address when it is not the Ethereum address of the key (a Bitcoin key). */
  address?: string;
}

export interface IssuerProfileInput {
  /** Where the profile is published; it is the profile id and every credential's issuer. */
  url: string;
  name: string;
  /** The organisation's web site. */
  homepageUrl: string;
  email: string;
  /** Logo as an https URL or a data: URI. */
  image?: string;
  description?: string;
  keys: IssuingKey[];
  revocationListUrl: string;
  introductionUrl?: string;
}

export interface IssuerPublicKeyEntry {
  id: string;
  created: string;
  expires?: string;
  revoked?: string;
}

export interface VerificationMethod {
  id: string;
  controller: string;
  type: 'EcdsaSecp256k1VerificationKey2019';
  publicKeyJwk: Secp256k1PublicKeyJwk;
}

export interface BlockcertsIssuerProfile {
  '@context': string[];
  id: string;
  type: 'BlockcertsIssuerProfile';
  name: string;
  url: string;
  email: string;
  image?: string;
  description?: string;
  publicKey: IssuerPublicKeyEntry[];
  verificationMethod: VerificationMethod[];
  assertionMethod: string[];
  revocationList: string;
  introductionURL?: string;
  introductionAuthenticationMethod?: 'basic';
}

/**
 * The issuer profile verifiers fetch to learn which addresses may anchor this issuer's batches and
 * when. Retired keys stay listed with `revoked` so certificates anchored before stay valid.
 */
export function buildIssuerProfile(input: IssuerProfileInput): BlockcertsIssuerProfile {
  if (input.keys.length === 0) throw new RangeError('an issuer profile needs at least one key');
  const fragments = new Set(input.keys.map((k) => k.fragment));
  if (fragments.size !== input.keys.length) throw new RangeError('key fragments must be unique');
  const methodId = (key: IssuingKey) => `${input.url}#${key.fragment}`;
  return {
    '@context': [CONTEXT.openBadgesV2, CONTEXT.blockcertsV3_2],
    id: input.url,
    type: 'BlockcertsIssuerProfile',
    name: input.name,
    url: input.homepageUrl,
    email: input.email,
    ...(input.image ? { image: input.image } : {}),
    ...(input.description ? { description: input.description } : {}),
    publicKey: input.keys.map((key) => ({
      id: RECIPIENT_KEY_PREFIX + (key.address ?? ethereumAddressFromPublicKey(key.publicKey)),
      created: toRfc3339(key.created),
      ...(key.expires === undefined ? {} : { expires: toRfc3339(key.expires) }),
      ...(key.revoked === undefined ? {} : { revoked: toRfc3339(key.revoked) }),
    })),
    verificationMethod: input.keys.map((key) => ({
      id: methodId(key),
      controller: input.url,
      type: 'EcdsaSecp256k1VerificationKey2019',
      publicKeyJwk: publicKeyToJwk(key.publicKey),
    })),
    assertionMethod: input.keys.map(methodId),
    revocationList: input.revocationListUrl,
    // Spelled introductionURL: the Blockcerts wallets read this spelling (the context maps another).
    ...(input.introductionUrl
      ? { introductionURL: input.introductionUrl, introductionAuthenticationMethod: 'basic' as const }
      : {}),
  };
}
