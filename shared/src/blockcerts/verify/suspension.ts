import { readStatusBit, statusEntries } from './status-list-check';
import { StepFailure, StepSkipped, type VerificationStep } from './types';

/** A set 'suspension' bit means the issuer has put the certificate on hold (reversible). */
export const suspensionStep: VerificationStep = {
  id: 'suspension',
  label: 'Not suspended',
  async run(ctx) {
    const entries = statusEntries(ctx, 'suspension');
    if (entries.length === 0) throw new StepSkipped('the certificate has no suspension status');
    for (const entry of entries) {
      if (await readStatusBit(ctx, entry))
        throw new StepFailure('suspended', 'the issuer has suspended this certificate');
    }
  },
};
