import { isEvmChain } from '../anchor';
import { RECIPIENT_KEY_PREFIX } from '../build';
import { ethereumAddressFromJwk } from '../keys';
import { FetchJsonError, fetchJson, isRecord } from './fetch-json';
import { StepFailure, type VerificationStep } from './types';

/**
 * The anchoring address must be one the issuer profile lists, and valid when the block was mined:
 * created strictly before, not yet revoked or expired. Same rule as the Blockcerts verifier, so a
 * key retired today leaves earlier certificates valid and makes later ones fail.
 */
export const issuerKeyStep: VerificationStep = {
  id: 'issuerKey',
  label: 'Anchored by a key of the issuer',
  async run(ctx) {
    const issuerUrl = ctx.issuerUrl!;
    let profile: unknown;
    try {
      profile = await fetchJson(ctx.options.fetch, issuerUrl);
    } catch (e) {
      if (e instanceof FetchJsonError)
        throw new StepFailure('could-not-check', `the issuer profile could not be read: ${e.message}`);
      throw e;
    }
    if (!isRecord(profile)) throw new StepFailure('failed', 'the issuer profile is not a JSON object');
    if (profile.id !== undefined && profile.id !== issuerUrl) {
      throw new StepFailure('failed', 'the issuer profile served at the issuer URL names a different issuer');
    }
    ctx.issuerProfile = profile;

    const { from, blockTime } = ctx.anchorRecord!;
    const evm = isEvmChain(ctx.anchor!.chain);
    const same = (a: string, b: string) => (evm ? a.toLowerCase() === b.toLowerCase() : a === b);
    const keys = Array.isArray(profile.publicKey) ? profile.publicKey.filter(isRecord) : [];
    const key = keys.find((k) => typeof k.id === 'string' && same(stripKeyPrefix(k.id), from));
    if (!key) throw new StepFailure('failed', `the anchoring address ${from} is not a key of the issuer`);

    const at = blockTime.getTime();
    const time = (field: string) =>
      typeof key[field] === 'string' ? Date.parse(key[field] as string) : undefined;
    const created = time('created');
    const revoked = time('revoked');
    const expires = time('expires');
    if (created !== undefined && !(created < at))
      throw new StepFailure(
        'failed',
        `the issuer's key ${from} was created after the certificate was anchored`,
      );
    if (revoked !== undefined && revoked <= at)
      throw new StepFailure(
        'failed',
        `the issuer's key ${from} had been revoked when the certificate was anchored`,
      );
    if (expires !== undefined && expires <= at)
      throw new StepFailure(
        'failed',
        `the issuer's key ${from} had expired when the certificate was anchored`,
      );
    if ([created, revoked, expires].some((t) => t !== undefined && Number.isNaN(t))) {
      throw new StepFailure('failed', 'the issuer profile lists a key with an unreadable date');
    }

    if (evm) checkVerificationMethod(profile, ctx.verificationMethod, from);
  },
};

// The Blockcerts verifier also derives the address from the proof's verificationMethod JWK; do the
// same so a profile that passes here passes there. Profiles without verificationMethod predate it.
function checkVerificationMethod(
  profile: Record<string, unknown>,
  methodId: string | undefined,
  from: string,
): void {
  const methods = Array.isArray(profile.verificationMethod)
    ? profile.verificationMethod.filter(isRecord)
    : [];
  if (methods.length === 0 || !methodId) return;
  const method = methods.find((m) => m.id === methodId);
  if (!method) throw new StepFailure('failed', `the issuer profile has no verification method ${methodId}`);
  if (!isRecord(method.publicKeyJwk)) return;
  let derived: string;
  try {
    derived = ethereumAddressFromJwk(method.publicKeyJwk);
  } catch (e) {
    throw new StepFailure(
      'failed',
      `verification method ${methodId} holds an invalid key: ${(e as Error).message}`,
    );
  }
  if (derived.toLowerCase() !== from.toLowerCase()) {
    throw new StepFailure(
      'failed',
      `verification method ${methodId} is not the key that anchored the certificate`,
    );
  }
}

function stripKeyPrefix(id: string): string {
  return id.startsWith(RECIPIENT_KEY_PREFIX) ? id.slice(RECIPIENT_KEY_PREFIX.length) : id;
}
