import { computeTargetHash, UnmappedTermsError } from '../canonicalize';
import { UnknownContextError } from '../document-loader';
import { StepFailure, type VerificationStep } from './types';

/** The certificate as shown must hash to the targetHash its proof commits to. */
export const localHashStep: VerificationStep = {
  id: 'localHash',
  label: 'Certificate content unchanged',
  async run(ctx) {
    let hash: string;
    try {
      hash = await computeTargetHash(ctx.credential);
    } catch (e) {
      if (e instanceof UnmappedTermsError) {
        throw new StepFailure(
          'tampered',
          `the certificate contains fields no context defines (${e.terms.join(', ')})`,
        );
      }
      const unknown = findCause(e, UnknownContextError);
      if (unknown)
        throw new StepFailure(
          'failed',
          `the certificate uses a JSON-LD context this verifier does not know: ${unknown.url}`,
        );
      throw new StepFailure('failed', `the certificate is not valid JSON-LD: ${(e as Error).message}`);
    }
    if (hash !== ctx.proofValue!.targetHash) {
      throw new StepFailure('tampered', 'the certificate content does not match what was signed');
    }
  },
};

// jsonld wraps loader errors in its own error objects (cause or details.cause).
function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let i = 0; i < 10 && current; i++) {
    if (current instanceof type) return current;
    const next = current as { cause?: unknown; details?: { cause?: unknown } };
    current = next.cause ?? next.details?.cause;
  }
  return undefined;
}
