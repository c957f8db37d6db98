import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * One saved version of a cohort's mail template of one kind (certificate, invitation, openbadge):
 * its subject and sanitised HTML. Versions are numbered 1, 2, 3… per organisation, kind and cohort
 * and never change: saving writes the next number, conditional on it not existing, so two saves at
 * once cannot both become one version. The current template is the highest version; a cohort that
 * saved none uses the default (version 0, shared/src/mail-templates/rules.ts).
 *
 * | access pattern | key                                                 |
 * |----------------|-----------------------------------------------------|
 * | byCohort       | ORG#<org> / MAILTEMPLATE#<kind>#<cohort>#<nnnnnn>    |
 */
export const mailTemplates = defineEntity('mailTemplate', {
  attributes: {
    ...attr.ownedByOrg,
    kind: attr.fixedText,
    cohortid: attr.fixedText,
    /** 1, 2, 3…; six digits in the key, so versions sort in order. */
    version: attr.paddedNumber(6),
    subject: attr.fixedText,
    html: attr.fixedText,
    savedBy: attr.fixedText,
    savedAt: attr.fixedText,
  },
  indexes: { byCohort: orgKey(keyPart('MAILTEMPLATE', 'kind', 'cohortid', 'version')) },
});
