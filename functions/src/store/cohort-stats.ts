import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * The credential funnel of one cohort: certificate and badge mails sent (invitations have their own
 * funnel, store/invitation-stats.ts), then what happened to them — delivered, bounced, complained
 * (mail events), opened and clicked (our tracking routes; `opened`/`clicked` count mails,
 * `opens`/`clicks` count each mail once a day), verified on the verifier page. Each is added in the same transaction as the once-only mark of
 * its event (store/mail-marks.ts), so a redelivered event never counts twice.
 *
 * | access pattern | key                                 |
 * |----------------|-------------------------------------|
 * | byCohort       | ORG#<org> / FUNNEL#<cohort>         |
 * | byCohort (all) | ORG#<org> / begins_with FUNNEL#     |
 */
export const cohortStats = defineEntity('cohortStat', {
  attributes: {
    ...attr.ownedByOrg,
    cohortid: attr.fixedText,
    mailed: attr.number,
    delivered: attr.number,
    opened: attr.number,
    clicked: attr.number,
    verified: attr.number,
    bounced: attr.number,
    complained: attr.number,
    opens: attr.number,
    clicks: attr.number,
  },
  indexes: { byCohort: orgKey(keyPart('FUNNEL', 'cohortid')) },
});
