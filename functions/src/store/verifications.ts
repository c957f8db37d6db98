import { defineEntity, primaryKey, SERVICE } from './table';

const detail = { type: 'string' } as const;

/**
 * One verification made on a public verifier page, for the organisation's verification requests
 * list, in time order. The details (recipient, certificate, transaction) come from the credential
 * as the organisation published it, never from the caller.
 *
 * | access pattern | key                                          |
 * |----------------|----------------------------------------------|
 * | byTime         | ORG#<org> / VERIFY#<iso time>#<id>           |
 */
export const verifications = defineEntity({
  model: { entity: 'verification', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    /** The record kind as rows named it before entities did (`__edb_e__` says it now). */
    type: { type: 'string', default: 'verification', readOnly: true },
    /** ISO time; first in the sort key so the rows come in time order. */
    verifiedAt: { type: 'string', required: true, readOnly: true },
    verificationId: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true },
    verdict: { type: 'string', required: true },
    method: { type: 'string', required: true },
    recipientName: detail,
    certificateName: detail,
    transactionId: detail,
  },
  indexes: {
    byTime: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'VERIFY#${verifiedAt}#${verificationId}', composite: ['verifiedAt', 'verificationId'] },
    ),
  },
});
