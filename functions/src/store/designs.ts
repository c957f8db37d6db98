import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * One saved version of a cohort's certificate design for one certificate type (the design as JSON,
 * shared/src/designs/model.ts). Versions are numbered 1, 2, 3… per organisation, type and cohort and
 * never change: saving writes the next number, conditional on it not existing, so two saves at once
 * cannot both become one version. The cohort's current design is its highest version.
 *
 * | access pattern | key                                                   |
 * |----------------|-------------------------------------------------------|
 * | byCohort       | ORG#<org> / DESIGN#<certtype>#<cohort>#<nnnnnn>        |
 */
export const designs = defineEntity('design', {
  attributes: {
    ...attr.ownedByOrg,
    certtype: attr.fixedText,
    cohortid: attr.fixedText,
    /** 1, 2, 3…; six digits in the key, so versions sort in order. */
    version: attr.paddedNumber(6),
    /** The design as JSON (at most 64 kB; images are stored apart, by id). */
    design: attr.fixedText,
    /** The gallery design it was started from. */
    galleryNumber: attr.fixedNumber,
    savedBy: attr.fixedText,
    savedAt: attr.fixedText,
  },
  indexes: { byCohort: orgKey(keyPart('DESIGN', 'certtype', 'cohortid', 'version')) },
});
