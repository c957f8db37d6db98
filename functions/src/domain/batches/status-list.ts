// The list's own module, not the engine's index: building a list does not canonicalize (no jsonld).
import {
  Bitstring,
  buildStatusListCredential,
  MIN_STATUS_LIST_BITS,
} from '@proofmark/shared/blockcerts/statuslist';
import { AppError, notFound } from '@proofmark/shared/errors';
import { holds } from '../../store/holds';
import { organisations } from '../../store/organisations';
import { revocations } from '../../store/revocations';
import { getOrg } from '../accounts/users';
import { issuerUrls, publicKeys, publicUrl } from '../public-urls';
import { statusCarryingCredential } from './revocations';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

/**
 * W3C Bitstring Status Lists, two per organisation: "suspension" (hold / unhold) and "revocation".
 * Every credential gets one index, the same in both lists, at issuance. A list is itself a signed
 * credential (verifiers check its proof), so each change is anchored like a batch of one.
 * Revocation is also kept on the legacy revocation list of the issuer profile; the official
 * Blockcerts verifier reads only the status list when a credential names one.
 */
export type StatusPurpose = 'suspension' | 'revocation';
export const statusPurposes: StatusPurpose[] = ['suspension', 'revocation'];
/**
 * Two encodings of the same bits. 'blockcerts': no multibase prefix, Merkle-signed — what the
 * Blockcerts verifier reads, named by certificates. 'w3c': Bitstring Status List 1.0 exactly
 * (multibase 'u'), Merkle-anchored and eddsa-signed by the issuer's badge key — what Open Badges
 * verifiers read, named by badges. The Blockcerts verifier cannot decode the W3C form and the W3C
 * libraries refuse the Blockcerts form, so one document cannot serve both.
 */
export type StatusListForm = 'blockcerts' | 'w3c';
export const statusListUrl = (slug: string, purpose: StatusPurpose, form: StatusListForm = 'blockcerts') =>
  publicUrl(form === 'w3c' ? publicKeys.w3cStatusList(slug, purpose) : publicKeys.statusList(slug, purpose));

/** Reserves `count` consecutive indices of the organisation's list. */
export const allocateStatusIndices = async (orgId: string, count: number): Promise<number> => {
  const out = await organisations()
    .patch({ orgId })
    .add({ statusListNext: count })
    .go({ response: 'updated_new' });
  const end = Number(out.data.statusListNext);
  if (end > MIN_STATUS_LIST_BITS) {
    throw new AppError(
      'conflict',
      `This organisation's status list is full (${MIN_STATUS_LIST_BITS} certificates); contact support.`,
    );
  }
  return end - count;
};

/** Indices whose bit is set: held credentials for suspension, revoked ones for revocation. */
const setIndices = async (orgId: string, purpose: StatusPurpose): Promise<number[]> => {
  // Consistent: a new edition made right after a hold or a revocation must carry it.
  const options = { pages: 'all', consistent: true, attributes: ['statusIndex'], ...earlierRows } as const;
  const out =
    purpose === 'suspension'
      ? await holds().query.byId({ orgId }).go(options)
      : await revocations().query.byId({ orgId }).go(options);
  return out.data.flatMap((i) => (i.statusIndex === undefined ? [] : [Number(i.statusIndex)]));
};

/** The list as it should be now, unsigned. */
export const currentStatusList = async (
  orgId: string,
  purpose: StatusPurpose,
  form: StatusListForm = 'blockcerts',
) => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  const bits = new Bitstring(MIN_STATUS_LIST_BITS);
  for (const i of await setIndices(orgId, purpose)) bits.set(i, true);
  return buildStatusListCredential({
    url: statusListUrl(org.verifierSlug, purpose, form),
    issuerProfileUrl: issuerUrls(org).profile,
    statusPurpose: purpose,
    bits,
    validFrom: new Date(),
    // The Blockcerts verifier reads the list without the multibase prefix (see shared/src/blockcerts/NOTES.md).
    encode: { multibase: form === 'w3c' },
  });
};

/** Marks credentials held or not; the caller anchors a new list afterwards. Only the org's own credentials. */
export const setHeld = async (orgId: string, credentialIds: string[], held: boolean): Promise<void> => {
  // Every one is checked before any changes: a refusal changes nothing.
  const issued = [];
  for (const id of credentialIds) issued.push(await statusCarryingCredential(orgId, id, 'suspension'));
  for (const [n, credentialId] of credentialIds.entries()) {
    if (held) {
      const { statusIndex } = issued[n]!;
      await holds().put({ orgId, credentialId, statusIndex, heldAt: new Date().toISOString() }).go();
    } else {
      await holds().delete({ orgId, credentialId }).go();
    }
  }
};
