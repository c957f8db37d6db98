import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * How many recipient rows a cohort has of one certificate type: added to in the same transaction
 * as each row created and taken from as each row is deleted (domain/recipients/recipient-store.ts),
 * so the recipients screen's total and page count are one read, not a count of the cohort.
 *
 * | access pattern | key                                      |
 * |----------------|------------------------------------------|
 * | byCohort       | ORG#<org> / ROSTER#<cohort>#<certtype>   |
 */
export const rosterCounts = defineEntity('rosterCount', {
  attributes: {
    ...attr.ownedByOrg,
    cohortid: attr.fixedText,
    certtype: attr.fixedText,
    rows: attr.number,
  },
  indexes: { byCohort: orgKey(keyPart('ROSTER', 'cohortid', 'certtype')) },
});
