import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * A visitor's request for a guided demo (/RegisterDemo, account-and-billing §2, §3): what they
 * wrote, kept for the product team (who also get it by mail). Listed by the month it came in.
 *
 * | access pattern | key                                                   |
 * |----------------|-------------------------------------------------------|
 * | byMonth        | DEMOREQ#<yyyy-mm> / DEMOREQ#<iso time>#<request id>   |
 */
export const demoRequests = defineEntity('demoRequest', {
  attributes: {
    month: attr.fixedText,
    at: attr.fixedText,
    requestId: attr.fixedText,
    firstName: attr.fixedText,
    lastName: attr.fixedText,
    emailAddress: attr.fixedText,
    phoneNumber: attr.fixedText,
    organizationName: attr.fixedText,
    role: attr.fixedText,
    describe: attr.fixedText,
    findUs: attr.fixedText,
    questions: attr.fixedText,
    /** Whether the product team's mail went out (false: read the table). */
    teamMailed: attr.number,
  },
  indexes: {
    byMonth: primaryKey(keyPart('DEMOREQ', 'month'), keyPart('DEMOREQ', 'at', 'requestId')),
  },
});
