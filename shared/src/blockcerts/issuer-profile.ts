import { CONTEXT } from './contexts/urls';
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

/**
 * An Ed25519 key that signs the issuer's Open Badges (eddsa-rdfc-2022). Published as a Multikey
 * document of its own at `url` (see buildBadgeKeyDocument) whose controller is the profile, and
 * listed in the profile under that same id, so the profile is the issuer's controller document:
 * verifiers that check that the proof's key belongs to the credential's issuer accept it.
 */
export interface BadgeSigningKey {
  /** Where the key's own document is published: its id, what new badges name. No fragment, so a
   * verifier that fetches it over HTTP (as the DCC verifier does) receives the key itself. */
  url: string;
  /** 'badge-key-1': badges signed before keys had their own URL name `<profile URL>#badge-key-1`.
   * Never reused. */
  fragment: string;
  /** 'z6Mk…' */
  publicKeyMultibase: string;
  created: Date | string;
  /** When it was retired: it stays listed (old badges still verify) but signs nothing after. */
  revoked?: Date | string;
}

export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1' as const;
export const SECURITY_V2_CONTEXT = 'https://w3id.org/security/v2' as const;

/**
 * The profile is also the issuer's controller document, and Open Badges verifiers (Digital Bazaar's
 * and the DCC's) read it with JSON-LD framing in safe mode: every property must then be mapped.
 * Security v2 maps verificationMethod / assertionMethod / controller, Multikey v1 the badge keys,
 * and the inline context the three terms the others spell differently (`introductionURL` as the
 * wallets read it; `publicKeyJwk`, which security v2 lacks). The Blockcerts verifier reads the
 * profile as plain JSON, so these contexts change nothing there.
 */
export const ISSUER_PROFILE_CONTEXT: readonly (string | Record<string, unknown>)[] = Object.freeze([
  CONTEXT.openBadgesV2,
  CONTEXT.blockcertsV3_2,
  SECURITY_V2_CONTEXT,
  MULTIKEY_CONTEXT,
  {
    introductionURL: { '@id': 'https://w3id.org/blockcerts#introductionUrl', '@type': '@id' },
    introductionAuthenticationMethod: 'https://w3id.org/blockcerts#introductionAuthenticationMethod',
    publicKeyJwk: { '@id': 'https://w3id.org/security#publicKeyJwk', '@type': '@json' },
  },
]);

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
  badgeKeys?: BadgeSigningKey[];
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

export interface MultikeyMethod {
  '@context': typeof MULTIKEY_CONTEXT;
  id: string;
  controller: string;
  type: 'Multikey';
  publicKeyMultibase: string;
  created?: string;
  revoked?: string;
}

/**
 * A badge key's own document, published at its id. Multikey v1 maps every property (a verifier
 * reading it in JSON-LD safe mode accepts it); that vocabulary has no `created`, only `revoked`,
 * set when the key was retired: badges it signed before then still verify.
 */
export const buildBadgeKeyDocument = (key: BadgeSigningKey, controller: string): MultikeyMethod => ({
  '@context': MULTIKEY_CONTEXT,
  id: key.url,
  type: 'Multikey',
  controller,
  publicKeyMultibase: key.publicKeyMultibase,
  ...(key.revoked === undefined ? {} : { revoked: toRfc3339(key.revoked) }),
});

export interface BlockcertsIssuerProfile {
  '@context': (string | Record<string, unknown>)[];
  id: string;
  type: 'BlockcertsIssuerProfile';
  name: string;
  url: string;
  email: string;
  image?: string;
  description?: string;
  publicKey: IssuerPublicKeyEntry[];
  verificationMethod: (VerificationMethod | MultikeyMethod)[];
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
  const badgeKeys = input.badgeKeys ?? [];
  if (new Set([...fragments, ...badgeKeys.map((k) => k.fragment)]).size !== fragments.size + badgeKeys.length)
    throw new RangeError('key fragments must be unique');
  const methodId = (key: { fragment: string }) => `${input.url}#${key.fragment}`;
  return {
    '@context': [...ISSUER_PROFILE_CONTEXT],
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
    verificationMethod: [
      ...input.keys.map((key) => ({
        id: methodId(key),
        controller: input.url,
        type: 'EcdsaSecp256k1VerificationKey2019' as const,
        publicKeyJwk: publicKeyToJwk(key.publicKey),
      })),
      // Each badge key twice: by its own URL (what badges name now) and as `<profile>#badge-key-n`
      // (what badges signed before named; loaders that look a fragment up in the profile accept
      // those). Each carries its own @context: a verifier that resolves either id gets a complete
      // Multikey document whatever it does with the profile's own context.
      ...badgeKeys.flatMap((key) =>
        [key.url, methodId(key)].map((id) => ({
          ...buildBadgeKeyDocument(key, input.url),
          id,
          created: toRfc3339(key.created),
        })),
      ),
    ],
    // Retired badge keys stay here: badges they signed while current must keep verifying.
    assertionMethod: [...input.keys.map(methodId), ...badgeKeys.flatMap((key) => [key.url, methodId(key)])],
    revocationList: input.revocationListUrl,
    // Spelled introductionURL: the Blockcerts wallets read this spelling (the context maps another).
    ...(input.introductionUrl
      ? { introductionURL: input.introductionUrl, introductionAuthenticationMethod: 'basic' as const }
      : {}),
  };
}
