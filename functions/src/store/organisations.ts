import * as attr from './attributes';
import { defineEntity, GSI1, indexKey, keyPart, orgKey } from './table';

/**
 * An organisation: its registration details, verifier address, balance and counters.
 *
 * | access pattern        | key                          |
 * |-----------------------|------------------------------|
 * | byId                  | ORG#<org> / ORG              |
 * | byVerifierSlug (gsi1) | VERIFIER#<slug> / ORG        |
 */
export const organisations = defineEntity('organisation', {
  attributes: {
    ...attr.ownedByOrg,
    name: attr.requiredText,
    url: attr.requiredText,
    verifierSlug: attr.requiredText,
    created_at: attr.requiredText,
    graduates_members: attr.text,
    how_did_you_find_us: attr.text,
    /** Certificates the organisation may still issue; changes only together with a ledger entry. */
    balance: attr.number,
    /** The next free index of the organisation's status lists (allocated in blocks). */
    statusListNext: attr.number,
    /** Once-only markers (`<purpose>ListRequestedAt`, `...PublishedAt`): ISO times. */
    w3cRevocationListRequestedAt: attr.text,
    w3cRevocationListPublishedAt: attr.text,
    revocationListRequestedAt: attr.text,
    revocationListPublishedAt: attr.text,
    suspensionListRequestedAt: attr.text,
    suspensionListPublishedAt: attr.text,
  },
  indexes: {
    byId: orgKey(keyPart('ORG')),
    byVerifierSlug: indexKey(GSI1, keyPart('VERIFIER', 'verifierSlug'), keyPart('ORG')),
  },
});
