import { AnchorFormatError, parseAnchor, type Anchor } from '../anchor';
import { StepFailure, type VerificationStep } from './types';

/** The anchoring transaction must exist and carry exactly this batch's Merkle root. */
export const anchorStep: VerificationStep = {
  id: 'anchor',
  label: 'Merkle root recorded on the blockchain',
  async run(ctx) {
    // Like the Blockcerts verifier, only the first anchor counts.
    const text = ctx.proofValue!.anchors[0]!;
    let anchor: Anchor;
    try {
      anchor = parseAnchor(text);
    } catch (e) {
      if (e instanceof AnchorFormatError)
        throw new StepFailure('failed', `the anchor "${text}" cannot be read: ${e.message}`);
      throw e;
    }
    if (anchor.chain === 'mocknet')
      throw new StepFailure('failed', 'the certificate was never anchored on a blockchain (mocknet)');
    ctx.anchor = anchor;
    const chain = ctx.options.chains(anchor);
    if (!chain)
      throw new StepFailure(
        'failed',
        `anchors on ${anchor.chain}:${anchor.network} are not supported by this verifier`,
      );

    let record;
    try {
      record = await chain.lookup(anchor);
    } catch (e) {
      throw new StepFailure(
        'could-not-check',
        `the blockchain could not be reached to look up transaction ${anchor.txId} (${(e as Error).message})`,
      );
    }
    if (!record)
      throw new StepFailure(
        'failed',
        `transaction ${anchor.txId} was not found on ${anchor.chain}:${anchor.network}`,
      );
    if (record.data.toLowerCase().replace(/^0x/, '') !== ctx.proofValue!.merkleRoot) {
      throw new StepFailure(
        'tampered',
        'the transaction records a different Merkle root than the certificate',
      );
    }
    ctx.anchorRecord = record;
    return `anchored ${record.blockTime.toISOString()}`;
  },
};
