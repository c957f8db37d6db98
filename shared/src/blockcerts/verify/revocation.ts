import { revocationListQueryUrl } from '../revocation-list';
import { FetchJsonError, fetchJson, isRecord } from './fetch-json';
import { readStatusBit, statusEntries } from './status-list-check';
import { StepFailure, StepSkipped, type FetchLike, type VerificationStep } from './types';

/**
 * Not revoked: by the issuer's legacy revocation list and by any 'revocation' status list entry.
 * Unlike the Blockcerts verifier, an unreadable list is "could not check", never "not revoked".
 */
export const revocationStep: VerificationStep = {
  id: 'revocation',
  label: 'Not revoked',
  async run(ctx) {
    const listUrl = ctx.issuerProfile?.revocationList;
    const entries = statusEntries(ctx, 'revocation');
    if (typeof listUrl !== 'string' && entries.length === 0) {
      throw new StepSkipped('the issuer publishes no revocation list');
    }
    if (typeof listUrl === 'string') await checkLegacyList(ctx.options.fetch, listUrl, ctx.credentialId!);
    for (const entry of entries) {
      if (await readStatusBit(ctx, entry))
        throw new StepFailure('revoked', 'the issuer has revoked this certificate');
    }
  },
};

async function checkLegacyList(fetch: FetchLike, listUrl: string, credentialId: string): Promise<void> {
  let list: unknown;
  try {
    list = await fetchJson(fetch, revocationListQueryUrl(listUrl, credentialId));
  } catch (e) {
    if (e instanceof FetchJsonError)
      throw new StepFailure('could-not-check', `the revocation list could not be read (${e.message})`);
    throw e;
  }
  if (!isRecord(list) || !Array.isArray(list.revokedAssertions)) {
    throw new StepFailure('could-not-check', 'the revocation list is not a RevocationList');
  }
  const hit = list.revokedAssertions.find((a) => (isRecord(a) ? a.id : a) === credentialId);
  if (hit !== undefined) {
    const given = isRecord(hit) && typeof hit.revocationReason === 'string' ? hit.revocationReason : undefined;
    throw new StepFailure(
      'revoked',
      `the issuer has revoked this certificate${given ? `: ${given}` : ''}`,
      given?.trim() ? given.trim().slice(0, 500) : undefined,
    );
  }
}
