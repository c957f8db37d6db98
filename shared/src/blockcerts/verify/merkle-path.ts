import { rootFromPath } from '../merkle';
import { StepFailure, type VerificationStep } from './types';

/** The proof's path must lead from the certificate's hash to the root its batch anchored. */
export const merklePathStep: VerificationStep = {
  id: 'merklePath',
  label: 'Certificate belongs to the anchored batch',
  async run(ctx) {
    const { targetHash, path, merkleRoot } = ctx.proofValue!;
    let root: string;
    try {
      root = rootFromPath(targetHash, path);
    } catch (e) {
      throw new StepFailure('tampered', `the Merkle path is malformed: ${(e as Error).message}`);
    }
    if (root !== merkleRoot)
      throw new StepFailure('tampered', 'the Merkle path does not lead to the Merkle root');
  },
};
