import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * A one-time code of a wallet introduction: single use, bound to one recipient row (its table
 * key, as the invitation that carried the code found it).
 *
 * | access pattern | key               |
 * |----------------|-------------------|
 * | byCode         | OTC#<code> / OTC  |
 */
export const oneTimeCodes = defineEntity('oneTimeCode', {
  attributes: {
    code: attr.fixedText,
    orgId: attr.fixedText,
    recipientPk: attr.fixedText,
    recipientSk: attr.fixedText,
    createdAt: attr.requiredText,
    usedAt: attr.text,
    /** TTL (epoch seconds): only the live demo's codes expire (domain/demo). */
    expiresAt: attr.number,
  },
  indexes: { byCode: primaryKey(keyPart('OTC', 'code'), keyPart('OTC')) },
});
