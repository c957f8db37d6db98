// Public API of the Blockcerts credential engine. Pure: runs in Node and the browser.
export { CONTEXT, BLOCKCERTS_CREDENTIAL_CONTEXT, BUNDLED_CONTEXTS } from './contexts/index';
export { createOfflineDocumentLoader, offlineDocumentLoader, UnknownContextError } from './document-loader';
export {
  buildCredential,
  statusListEntry,
  toRecipientKey,
  CredentialInputError,
  RECIPIENT_KEY_PREFIX,
  type CertificateInput,
  type CredentialRecipient,
  type IssuingOrganisation,
  type StatusListSlot,
} from './build';
export {
  canonicalize,
  computeTargetHash,
  findUnmappedTerms,
  sha256Hex,
  withoutProof,
  UnmappedTermsError,
  FALLBACK_VOCAB,
  type CanonicalizeOptions,
} from './canonicalize';
export {
  buildMerkleTree,
  merklePath,
  rootFromPath,
  verifyMerklePath,
  type MerkleStep,
  type MerkleTree,
} from './merkle';
export {
  encodeProofValue,
  decodeProofValue,
  ProofValueError,
  type MerkleProof2019Value,
} from './proof-value';
export {
  formatAnchor,
  parseAnchor,
  isEvmChain,
  AnchorFormatError,
  type Anchor,
  type AnchorChain,
} from './anchor';
export {
  prepareBatch,
  finalizeBatch,
  signBatch,
  defaultVerificationMethod,
  BatchError,
  type PreparedBatch,
  type FinalizeOptions,
} from './proof';
export {
  Bitstring,
  encodeBitstring,
  decodeBitstring,
  buildStatusListCredential,
  StatusListError,
  MIN_STATUS_LIST_BITS,
  type StatusListCredential,
  type StatusListCredentialInput,
} from './statuslist';
export {
  buildIssuerProfile,
  MULTIKEY_CONTEXT,
  type BadgeSigningKey,
  type MultikeyMethod,
  type BlockcertsIssuerProfile,
  type IssuerProfileInput,
  type IssuingKey,
  type IssuerPublicKeyEntry,
  type VerificationMethod,
} from './issuer-profile';
export {
  buildRevocationList,
  revocationListQueryUrl,
  type RevocationList,
  type RevokedAssertion,
} from './revocation-list';
export {
  publicKeyToJwk,
  ethereumAddressFromJwk,
  ethereumAddressFromPublicKey,
  toChecksumAddress,
  KeyError,
  type Secp256k1PublicKeyJwk,
} from './keys';
export { toRfc3339, isRfc3339WithOffset } from './dates';
export {
  buildOpenBadgeCredential,
  type BitstringStatusListEntry,
  type OpenBadgeCredential,
  type OpenBadgeInput,
} from './open-badge';
export {
  createEddsaRdfc2022Proof,
  verifyEddsaRdfc2022Proof,
  ed25519PublicKeyMultibase,
  ed25519PublicKeyFromMultibase,
  ed25519DidKeyVerificationMethod,
  type Ed25519DataIntegrityProof,
  type EddsaSignOptions,
} from './eddsa-rdfc-2022';
export { bakePng, unbakePng, bakeSvg, unbakeSvg, BakeError, type BadgeVersion } from './bake';
export * from './verify/index';
export type * from './types';
