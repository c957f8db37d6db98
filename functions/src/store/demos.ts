import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * One visitor's run through the live demo (certificate-operations §2.7), by the one-time code the
 * demo issuer bound to their recipient row: who they are, where that row is, and what the wizard
 * has done so far. Removed by TTL a day after it began, like the demo recipient row itself.
 *
 * | access pattern | key                  |
 * |----------------|----------------------|
 * | byCode         | DEMO#<code> / DEMO   |
 */
export const demos = defineEntity('demo', {
  attributes: {
    code: attr.fixedText,
    email: attr.fixedText,
    firstname: attr.fixedText,
    lastname: attr.fixedText,
    cohortid: attr.fixedText,
    studentid: attr.fixedText,
    /** The certificate's id (urn:uuid:<certUuid>), fixed when the demo begins so the preview shows it. */
    certUuid: attr.fixedText,
    createdAt: attr.fixedText,
    invitationSentAt: attr.text,
    /** The batch anchoring the certificate (its id is the demo's). */
    batchId: attr.text,
    certificateMailSentAt: attr.text,
    /** TTL (epoch seconds). */
    expiresAt: attr.requiredNumber,
  },
  indexes: { byCode: primaryKey(keyPart('DEMO', 'code'), keyPart('DEMO')) },
});
