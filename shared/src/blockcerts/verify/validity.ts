import { StepFailure, type VerificationStep } from './types';

/** Inside its validity period now (VC 2.0 validFrom/validUntil, or VC 1.1 expirationDate). */
export const validityStep: VerificationStep = {
  id: 'validity',
  label: 'Within its validity period',
  async run(ctx) {
    const c = ctx.credential;
    const now = ctx.now.getTime();
    if (typeof c.validFrom === 'string' && Date.parse(c.validFrom) > now) {
      throw new StepFailure('expired', `the certificate is not valid before ${c.validFrom}`);
    }
    const until =
      typeof c.validUntil === 'string'
        ? c.validUntil
        : typeof c.expirationDate === 'string'
          ? c.expirationDate
          : undefined;
    if (until !== undefined && Date.parse(until) <= now)
      throw new StepFailure('expired', `the certificate expired on ${until}`);
  },
};
