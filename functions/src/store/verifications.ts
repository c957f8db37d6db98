import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * One verification made on a public verifier page, for the organisation's verification requests
 * list, in time order. The details (recipient, certificate, transaction) come from the credential
 * as the organisation published it, never from the caller.
 *
 * | access pattern | key                                          |
 * |----------------|----------------------------------------------|
 * | byTime         | ORG#<org> / VERIFY#<iso time>#<id>           |
 */
export const verifications = defineEntity('verification', {
  attributes: {
    ...attr.ownedByOrg,
    /** The record kind as rows named it before entities did (`__edb_e__` says it now). */
    type: { type: 'string', default: 'verification', readOnly: true },
    /** ISO time; first in the sort key so the rows come in time order. */
    verifiedAt: attr.fixedText,
    verificationId: attr.fixedText,
    credentialId: attr.requiredText,
    verdict: attr.requiredText,
    method: attr.requiredText,
    recipientName: attr.text,
    certificateName: attr.text,
    transactionId: attr.text,
  },
  indexes: { byTime: orgKey(keyPart('VERIFY', 'verifiedAt', 'verificationId')) },
});
