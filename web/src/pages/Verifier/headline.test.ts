import { describe, expect, it } from 'vitest';
import type { VerificationResult } from '@proofmark/shared/blockcerts/index';
import { headlineReason, verdicts } from './verifier';

const result = (r: Partial<VerificationResult>): VerificationResult => ({ status: 'verified', steps: [], ...r });

describe('the reason under the verdict', () => {
  it('adds only the reason the issuer gave to a revoked headline, never the verdict again', () => {
    const revoked = result({
      status: 'revoked',
      reason: 'the issuer has revoked this certificate: Issued in error',
      issuerReason: 'Issued in error',
    });
    expect(`${verdicts.revoked.description} Reason: ${headlineReason(revoked)}`).toBe(
      'The issuer has revoked this certificate. Reason: Issued in error.',
    );
    expect(headlineReason(result({ status: 'revoked', reason: 'the issuer has revoked this certificate' }))).toBe(
      undefined,
    );
  });

  it("names the failing step's reason once for other outcomes, and none when verified", () => {
    expect(headlineReason(result({ status: 'tampered', reason: 'the hash does not match' }))).toBe(
      'the hash does not match.',
    );
    expect(headlineReason(result({ status: 'failed', reason: 'no proof.' }))).toBe('no proof.');
    expect(headlineReason(result({ status: 'verified', reason: 'x' }))).toBe(undefined);
  });
});
