// The URLs of the JSON-LD contexts Proofmark credentials name, apart from the documents themselves
// (./index.ts): code that only writes a context's URL (a status list, an issuer profile) then
// carries none of the documents, which only canonicalization reads.

export const CONTEXT = {
  credentialsV2: 'https://www.w3.org/ns/credentials/v2',
  credentialsV1: 'https://www.w3.org/2018/credentials/v1',
  dataIntegrityV2: 'https://w3id.org/security/data-integrity/v2',
  blockcertsV3_2: 'https://w3id.org/blockcerts/v3.2',
  blockcertsV3_1: 'https://w3id.org/blockcerts/v3.1',
  blockcertsV3: 'https://w3id.org/blockcerts/v3',
  openBadgesV2: 'https://w3id.org/openbadges/v2',
  openBadgesV3: 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
} as const;

/** The @context every Proofmark Blockcerts credential is issued with, in this order. */
export const BLOCKCERTS_CREDENTIAL_CONTEXT: readonly string[] = [
  CONTEXT.credentialsV2,
  CONTEXT.dataIntegrityV2,
  CONTEXT.blockcertsV3_2,
];
