import { anchorStep } from './anchor-lookup';
import { formatStep } from './format';
import { issuerKeyStep } from './issuer-key';
import { localHashStep } from './local-hash';
import { merklePathStep } from './merkle-path';
import { revocationStep } from './revocation';
import { suspensionStep } from './suspension';
import { validityStep } from './validity';
import { isRecord } from './fetch-json';
import {
  StepFailure,
  StepSkipped,
  type StepResult,
  type VerificationContext,
  type VerificationResult,
  type VerificationStep,
  type VerifyOptions,
} from './types';

/** Proves the document is the issuer's, unchanged, anchored by a valid key. */
export const INTEGRITY_STEPS: readonly VerificationStep[] = [
  formatStep,
  localHashStep,
  merklePathStep,
  anchorStep,
  issuerKeyStep,
];

/** Says whether the issuer still stands by it. Order matters: revoked outranks expired. */
export const STATUS_STEPS: readonly VerificationStep[] = [revocationStep, suspensionStep, validityStep];

export const VERIFICATION_STEPS: readonly VerificationStep[] = [...INTEGRITY_STEPS, ...STATUS_STEPS];

// A status list is checked as a credential, whose own status is not checked: one level is enough.
const MAX_DEPTH = 1;

/**
 * Runs the steps in order and stops at the first failure; the remaining steps are reported as
 * skipped so a reader sees what was and was not established. Anything unexpected fails closed.
 */
export async function verifyCredential(
  credential: unknown,
  options: VerifyOptions,
): Promise<VerificationResult> {
  return runSteps(credential, options, VERIFICATION_STEPS, 0);
}

export async function verifyIntegrity(
  credential: unknown,
  options: VerifyOptions,
  depth = 0,
): Promise<VerificationResult> {
  if (depth > MAX_DEPTH) {
    return { status: 'failed', reason: 'status lists nested too deeply', steps: [] };
  }
  return runSteps(credential, options, INTEGRITY_STEPS, depth);
}

async function runSteps(
  credential: unknown,
  options: VerifyOptions,
  steps: readonly VerificationStep[],
  depth: number,
): Promise<VerificationResult> {
  const results: StepResult[] = [];
  if (!isRecord(credential)) {
    return {
      status: 'failed',
      reason: 'the certificate is not a JSON object',
      failedStep: 'format',
      steps: steps.map((s, i) =>
        i === 0
          ? { id: s.id, label: s.label, status: 'failed', reason: 'the certificate is not a JSON object' }
          : skipped(s),
      ),
    };
  }
  // Work on a private copy: the caller's object must not be changed, nor change under us.
  const ctx: VerificationContext = {
    credential: structuredClone(credential),
    options,
    depth,
    now: (options.now ?? (() => new Date()))(),
  };
  let failure: { step: VerificationStep; error: StepFailure } | undefined;

  for (const step of steps) {
    if (failure) {
      results.push(skipped(step));
      continue;
    }
    try {
      const note = await step.run(ctx);
      results.push({ id: step.id, label: step.label, status: 'passed', ...(note ? { reason: note } : {}) });
    } catch (e) {
      if (e instanceof StepSkipped) {
        results.push({ id: step.id, label: step.label, status: 'skipped', reason: e.message });
        continue;
      }
      const error =
        e instanceof StepFailure
          ? e
          : new StepFailure('failed', `unexpected error: ${(e as Error)?.message ?? String(e)}`);
      failure = { step, error };
      results.push({ id: step.id, label: step.label, status: 'failed', reason: error.message });
    }
  }

  return {
    status: failure ? failure.error.status : 'verified',
    ...(failure ? { reason: failure.error.message, failedStep: failure.step.id } : {}),
    ...(failure?.error.issuerReason ? { issuerReason: failure.error.issuerReason } : {}),
    steps: results,
    ...(ctx.credentialId ? { credentialId: ctx.credentialId } : {}),
    ...(ctx.issuerUrl ? { issuer: ctx.issuerUrl } : {}),
    ...(ctx.proofValue ? { anchor: ctx.proofValue.anchors[0] } : {}),
    ...(ctx.anchorRecord ? { anchoredAt: ctx.anchorRecord.blockTime } : {}),
  };
}

function skipped(step: VerificationStep): StepResult {
  return { id: step.id, label: step.label, status: 'skipped', reason: 'an earlier step failed' };
}
