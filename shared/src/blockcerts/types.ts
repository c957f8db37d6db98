// Shapes of the JSON documents the library reads and writes. They describe what Proofmark issues;
// verification code treats incoming documents as `unknown` and checks them before trusting a field.

export type StatusPurpose = 'revocation' | 'suspension';

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: StatusPurpose;
  /** A decimal integer as a string, as the spec requires. */
  statusListIndex: string;
  statusListCredential: string;
}

export interface Display {
  contentMediaType: string;
  content: string;
  contentEncoding?: 'base64';
}

export interface Claim {
  id?: string;
  name: string;
  description?: string;
}

export interface CredentialSubject {
  id?: string;
  name: string;
  email?: string;
  /** 'ecdsa-koblitz-pubkey:<address>' — the recipient's wallet key, when they introduced one. */
  publicKey?: string;
  claim: Claim;
}

export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: 'merkle-proof-2019';
  proofPurpose: 'assertionMethod';
  created: string;
  verificationMethod: string;
  proofValue: string;
}

export interface BlockcertsCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: string;
  name?: string;
  description?: string;
  validFrom: string;
  validUntil?: string;
  credentialSubject: CredentialSubject;
  display?: Display;
  metadata?: string;
  credentialStatus?: BitstringStatusListEntry | BitstringStatusListEntry[];
  proof?: DataIntegrityProof;
}

export type SignedCredential<T extends object = BlockcertsCredential> = T & { proof: DataIntegrityProof };
