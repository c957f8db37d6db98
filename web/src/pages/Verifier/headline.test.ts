import { describe, expect, it } from 'vitest';
import type { VerificationResult } from '@proofmark/shared/blockcerts/index';
import { headlineReason, stepText, verdictSentence, verdicts } from './verifier';

const result = (r: Partial<VerificationResult>): VerificationResult => ({
  status: 'verified',
  steps: [],
  ...r,
});

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
    expect(
      headlineReason(result({ status: 'revoked', reason: 'the issuer has revoked this certificate' })),
    ).toBe(undefined);
  });

  it("names the failing step's reason once for other outcomes, and none when verified", () => {
    expect(headlineReason(result({ status: 'tampered', reason: 'the hash does not match' }))).toBe(
      'the hash does not match.',
    );
    expect(headlineReason(result({ status: 'failed', reason: 'no proof.' }))).toBe('no proof.');
    expect(headlineReason(result({ status: 'verified', reason: 'x' }))).toBe(undefined);
  });
});

describe('what a registrar reads', () => {
  const revoked = result({
    status: 'revoked',
    reason: 'the issuer has revoked this certificate: Issued in error',
    issuerReason: 'Issued in error',
    failedStep: 'revocation',
    steps: [
      { id: 'localHash', label: 'Certificate unchanged', status: 'passed' },
      {
        id: 'revocation',
        label: 'Not revoked',
        status: 'failed',
        reason: 'the issuer has revoked this certificate: Issued in error',
      },
      { id: 'validity', label: 'Within its validity', status: 'skipped', reason: 'an earlier step failed' },
    ],
  });

  it('says a revoked certificate in one sentence with the reason once, and the steps without repeating it', () => {
    expect(verdictSentence(revoked)).toBe(
      'The issuer has revoked this certificate. Reason: Issued in error.',
    );
    const lines = revoked.steps.map((s) => stepText(revoked, s));
    expect(lines).toEqual(['Passed', 'Failed', 'Not checked — an earlier step failed']);
    expect([verdictSentence(revoked), ...lines].join(' ').match(/Issued in error/g)).toHaveLength(1);
  });

  it('never says "not checked" twice, and keeps the reason of a failure the verdict does not explain', () => {
    const step = {
      id: 'anchor',
      label: 'Anchor',
      status: 'skipped',
      reason: 'not checked: an earlier step failed',
    } as const;
    expect(stepText(revoked, step)).toBe('Not checked — an earlier step failed');
    const tampered = result({
      status: 'tampered',
      reason: 'the hash does not match',
      failedStep: 'localHash',
    });
    expect(
      stepText(tampered, { id: 'merklePath', label: 'Merkle', status: 'failed', reason: 'no path' }),
    ).toBe('Failed — no path');
    expect(verdictSentence(result({ status: 'verified' }))).toBe(verdicts.verified.description);
  });
});
