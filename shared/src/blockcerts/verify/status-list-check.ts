import { decodeBitstring, StatusListError } from '../statuslist';
import { FetchJsonError, fetchJson, isRecord } from './fetch-json';
import { StepFailure, type VerificationContext } from './types';
import { verifyIntegrity } from './verify-credential';

export interface StatusEntry {
  statusPurpose: string;
  statusListIndex: number;
  statusListCredential: string;
}

/** credentialStatus entries of a purpose, validated; malformed entries fail the step. */
export function statusEntries(ctx: VerificationContext, purpose: string): StatusEntry[] {
  const raw = ctx.credential.credentialStatus;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .filter((e) => isRecord(e) && e.statusPurpose === purpose)
    .map((e) => {
      const entry = e as Record<string, unknown>;
      const index = Number(entry.statusListIndex);
      if (!Number.isSafeInteger(index) || index < 0 || typeof entry.statusListCredential !== 'string') {
        throw new StepFailure('failed', `the certificate has a malformed ${purpose} status entry`);
      }
      return {
        statusPurpose: purpose,
        statusListIndex: index,
        statusListCredential: entry.statusListCredential,
      };
    });
}

/**
 * Reads one bit. Fails closed: a list that cannot be fetched, read or trusted ends in
 * could-not-check, never in "not revoked".
 */
export async function readStatusBit(ctx: VerificationContext, entry: StatusEntry): Promise<boolean> {
  const unreadable = (why: string) =>
    new StepFailure('could-not-check', `the ${entry.statusPurpose} status list ${why}`);
  let list: unknown;
  try {
    list = await fetchJson(ctx.options.fetch, entry.statusListCredential);
  } catch (e) {
    if (e instanceof FetchJsonError) throw unreadable(`could not be read (${e.message})`);
    throw e;
  }
  if (!isRecord(list) || !isRecord(list.credentialSubject))
    throw unreadable('is not a status list credential');
  const issuer =
    typeof list.issuer === 'string' ? list.issuer : isRecord(list.issuer) ? list.issuer.id : undefined;
  if (issuer !== ctx.issuerUrl) throw unreadable('was not issued by the certificate issuer');
  const subject = list.credentialSubject;
  if (subject.statusPurpose !== undefined && subject.statusPurpose !== entry.statusPurpose) {
    throw unreadable(`is for ${String(subject.statusPurpose)}, not ${entry.statusPurpose}`);
  }
  if (ctx.options.requireSignedStatusList ?? true) await assertListSigned(ctx, list);
  if (typeof subject.encodedList !== 'string') throw unreadable('has no encodedList');
  try {
    const bits = await decodeBitstring(subject.encodedList);
    if (entry.statusListIndex >= bits.length) throw unreadable('is shorter than the certificate index');
    return bits.get(entry.statusListIndex);
  } catch (e) {
    if (e instanceof StatusListError) throw unreadable(`cannot be decoded (${e.message})`);
    throw e;
  }
}

// The list is itself a Blockcerts credential: check its proof with the integrity steps (not its own
// status, which would recurse). The import cycle with verify-credential is safe: used at call time only.
async function assertListSigned(ctx: VerificationContext, list: Record<string, unknown>): Promise<void> {
  const result = await verifyIntegrity(list, ctx.options, ctx.depth + 1);
  if (result.status !== 'verified') {
    throw new StepFailure(
      'could-not-check',
      `the status list ${String(list.id)} failed its own verification: ${result.reason ?? result.status}`,
    );
  }
  const validUntil = typeof list.validUntil === 'string' ? Date.parse(list.validUntil) : undefined;
  if (validUntil !== undefined && validUntil <= ctx.now.getTime()) {
    throw new StepFailure('could-not-check', `the status list ${String(list.id)} is out of date`);
  }
}
