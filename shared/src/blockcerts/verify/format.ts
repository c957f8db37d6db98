import { CONTEXT } from '../contexts/urls';
import { isRfc3339WithOffset } from '../dates';
import { decodeProofValue } from '../proof-value';
import { isRecord } from './fetch-json';
import { StepFailure, type VerificationStep } from './types';

const ACCEPTED_FIRST_CONTEXTS: string[] = [CONTEXT.credentialsV2, CONTEXT.credentialsV1];

/** Shape checks, so later steps can rely on the fields they read. */
export const formatStep: VerificationStep = {
  id: 'format',
  label: 'Certificate format',
  async run(ctx) {
    const c = ctx.credential;
    const fail = (reason: string) => new StepFailure('failed', reason);
    const context = c['@context'];
    if (!Array.isArray(context) || !ACCEPTED_FIRST_CONTEXTS.includes(context[0] as string)) {
      throw fail('@context must start with the W3C Verifiable Credentials context');
    }
    const types = Array.isArray(c.type) ? c.type : [c.type];
    if (!types.includes('VerifiableCredential')) throw fail('type must include VerifiableCredential');
    if (typeof c.id !== 'string' || !c.id) throw fail('the certificate has no id');
    ctx.credentialId = c.id;

    const issuer = typeof c.issuer === 'string' ? c.issuer : isRecord(c.issuer) ? c.issuer.id : undefined;
    if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer))
      throw fail('issuer must be the URL of an issuer profile');
    ctx.issuerUrl = issuer;

    for (const field of ['validFrom', 'validUntil', 'issuanceDate', 'expirationDate']) {
      const value = c[field];
      if (value !== undefined && (typeof value !== 'string' || !isRfc3339WithOffset(value))) {
        throw fail(`${field} is not a date-time with a timezone`);
      }
    }

    const proof = Array.isArray(c.proof) ? c.proof.find(isMerkleProof) : c.proof;
    // In a proof set (e.g. Merkle + eddsa-rdfc-2022 on a badge) the Blockcerts verifier hashes the
    // document together with the proofs listed before the Merkle one; we hash it without any proof.
    // Both agree only when the Merkle proof comes first.
    if (Array.isArray(c.proof) && proof !== undefined && c.proof.indexOf(proof) !== 0) {
      throw fail('the Merkle proof must come first in the proof set');
    }
    if (!isRecord(proof)) throw fail('the certificate is not signed (no proof)');
    if (!isMerkleProof(proof)) throw fail(`unsupported proof type ${String(proof.type)}`);
    if (typeof proof.proofValue !== 'string') throw fail('the proof has no proofValue');
    try {
      ctx.proofValue = decodeProofValue(proof.proofValue);
    } catch (e) {
      throw fail(`the proofValue cannot be read: ${(e as Error).message}`);
    }
    if (typeof proof.verificationMethod === 'string') ctx.verificationMethod = proof.verificationMethod;
  },
};

function isMerkleProof(proof: unknown): boolean {
  return (
    isRecord(proof) &&
    ((proof.type === 'DataIntegrityProof' && proof.cryptosuite === 'merkle-proof-2019') ||
      proof.type === 'MerkleProof2019')
  );
}
