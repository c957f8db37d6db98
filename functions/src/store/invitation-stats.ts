import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * The invitation funnel of one cohort, kept apart from its credential funnel (store/cohort-stats.ts)
 * so the two kinds of mail never mix: invitations mailed, then what happened to them — delivered,
 * bounced, complained (mail events), opened (our tracking pixel; `opens` counts each mail once a
 * day), and wallets connected (a wallet posted its key with the invitation's one-time code). Each is added in the same transaction as the once-only mark of
 * its event (a mail mark, the invite chunk's counted mark, the one-time code's use).
 *
 * | access pattern | key                                 |
 * |----------------|-------------------------------------|
 * | byCohort       | ORG#<org> / INVITES#<cohort>        |
 * | byCohort (all) | ORG#<org> / begins_with INVITES#    |
 */
export const invitationStats = defineEntity('invitationStat', {
  attributes: {
    ...attr.ownedByOrg,
    cohortid: attr.fixedText,
    invited: attr.number,
    delivered: attr.number,
    opened: attr.number,
    connected: attr.number,
    bounced: attr.number,
    complained: attr.number,
    opens: attr.number,
  },
  indexes: { byCohort: orgKey(keyPart('INVITES', 'cohortid')) },
});
