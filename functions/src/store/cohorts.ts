import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A cohort of an organisation (its id is dash-joined parts, e.g. `2024-Science-A`); its recipients
 * live in a partition of their own (./recipients.ts).
 *
 * | access pattern | key                          |
 * |----------------|------------------------------|
 * | byId / byOrg   | ORG#<org> / COHORT#<cohort>  |
 */
export const cohorts = defineEntity('cohort', {
  attributes: {
    ...attr.ownedByOrg,
    cohortid: attr.fixedText,
    parts: { ...attr.texts, required: true },
    country: attr.requiredText,
    createdAt: attr.requiredText,
  },
  indexes: { byId: orgKey(keyPart('COHORT', 'cohortid')) },
});
