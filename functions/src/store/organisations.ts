import { defineEntity, GSI1, indexKey, primaryKey, SERVICE } from './table';

/**
 * An organisation: its registration details, verifier address, balance and counters.
 *
 * | access pattern        | key                          |
 * |-----------------------|------------------------------|
 * | byId                  | ORG#<org> / ORG              |
 * | byVerifierSlug (gsi1) | VERIFIER#<slug> / ORG        |
 */
export const organisations = defineEntity({
  model: { entity: 'organisation', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    url: { type: 'string', required: true },
    verifierSlug: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
    graduates_members: { type: 'string' },
    how_did_you_find_us: { type: 'string' },
    /** Certificates the organisation may still issue; changes only together with a ledger entry. */
    balance: { type: 'number' },
    /** The next free index of the organisation's status lists (allocated in blocks). */
    statusListNext: { type: 'number' },
    /** Once-only markers (`<purpose>ListRequestedAt`, `...PublishedAt`): ISO times. */
    w3cRevocationListRequestedAt: { type: 'string' },
    w3cRevocationListPublishedAt: { type: 'string' },
    revocationListRequestedAt: { type: 'string' },
    revocationListPublishedAt: { type: 'string' },
    suspensionListRequestedAt: { type: 'string' },
    suspensionListPublishedAt: { type: 'string' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'ORG', composite: [] },
    ),
    byVerifierSlug: indexKey(
      GSI1,
      { template: 'VERIFIER#${verifierSlug}', composite: ['verifierSlug'] },
      { template: 'ORG', composite: [] },
    ),
  },
});
