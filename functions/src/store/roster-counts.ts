import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/** The version of "indexed" that the rows of a counted cohort are complete for. */
export const ROSTER_INDEXED = 1;

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
    /**
     * Set (to ROSTER_INDEXED) once every row of the cohort and type is in the roster and search
     * indexes and counted in `rows`: cohorts with rows from before those existed are filled in
     * once, when first read or written (domain/recipients/recipient-store.ts `indexedRosterCounts`).
     */
    indexed: attr.number,
  },
  indexes: { byCohort: orgKey(keyPart('ROSTER', 'cohortid', 'certtype')) },
});
