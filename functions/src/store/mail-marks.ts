import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * One tracked mail (certificate, invitation or badge mail to one recipient row) under an
 * unguessable token, and the once-only marks of what happened to it. The token is the only thing
 * the public tracking routes and the mail events carry, so its partition stands alone; the mail's
 * own record tells which organisation, cohort and row it belongs to.
 *
 * | access pattern | key                 |
 * |----------------|---------------------|
 * | byToken        | MAIL#<token> / MAIL |
 */
export const trackedMails = defineEntity('trackedMail', {
  attributes: {
    token: attr.fixedText,
    orgId: attr.fixedText,
    cohortid: attr.fixedText,
    certtype: attr.fixedText,
    studentid: attr.fixedText,
    /** certificate | invitation | badge */
    kind: attr.fixedText,
    email: attr.fixedText,
    sentAt: attr.fixedText,
    /** Where the tracked link leads (the certificate's verifier page, the wallet link…), by link number. */
    links: { ...attr.texts, required: true },
    /** Epoch seconds: a mail's tracking ends after a year. */
    expiresAt: attr.number,
  },
  indexes: { byToken: primaryKey(keyPart('MAIL', 'token'), keyPart('MAIL')) },
});

/**
 * A once-only mark of one tracked mail's event (delivered, bounced, complained, opened, opened on a
 * day, clicked…): written with attribute_not_exists in the transaction that counts the event, so a
 * redelivered event or a second open that day counts nothing.
 *
 * | access pattern | key                             |
 * |----------------|---------------------------------|
 * | byEvent        | MAIL#<token> / MARK#<event>     |
 */
export const mailMarks = defineEntity('mailMark', {
  attributes: {
    token: attr.fixedText,
    event: attr.fixedText,
    at: attr.fixedText,
    expiresAt: attr.number,
  },
  indexes: { byEvent: primaryKey(keyPart('MAIL', 'token'), keyPart('MARK', 'event')) },
});
