import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A cohort of an organisation (its id is dash-joined parts, e.g. `2024-Science-A`); its recipients
 * live in a partition of their own (./recipients.ts).
 *
 * | access pattern | key                          |
 * |----------------|------------------------------|
 * | byId / byOrg   | ORG#<org> / COHORT#<cohort>  |
 */
export const cohorts = defineEntity({
  model: { entity: 'cohort', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    cohortid: { type: 'string', required: true, readOnly: true },
    parts: { type: 'list', items: { type: 'string' }, required: true },
    country: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'COHORT#${cohortid}', composite: ['cohortid'] },
    ),
  },
});
