import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { searchFold } from '@proofmark/shared/recipients/rules';
import * as attr from './attributes';
import { defineEntity, GSI1, GSI2, GSI3, GSI4, GSI5, indexKey, primaryKey } from './table';

/**
 * Where a student id sorts in its cohort's roster (the recipients screen's order): case folded and
 * every run of digits zero-padded, so S2 sorts before S10 as the screen always showed them; the id
 * itself follows so two ids that fold alike stay distinct.
 */
export const rosterOrder = (studentid: string) =>
  `${studentid.toLowerCase().replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(20, '0'))}|${studentid}`;

/** How the search compares text (shared/src/recipients/rules.ts searchFold), as the index keys hold it. */
export const searchKeys = (r: { firstname?: string; lastname?: string; email?: string; studentid?: string }) => ({
  ...(r.firstname !== undefined ? { findFirst: searchFold(r.firstname) } : {}),
  ...(r.lastname !== undefined ? { findLast: searchFold(r.lastname) } : {}),
  ...(r.email !== undefined ? { findEmail: searchFold(r.email) } : {}),
  ...(r.studentid !== undefined ? { findId: searchFold(r.studentid) } : {}),
});

/** One field's search index: the organisation's rows of a type, by the folded field. */
const searchIndex = <const I extends typeof GSI1 | typeof GSI3 | typeof GSI4 | typeof GSI5, const F extends string>(
  index: I,
  label: string,
  sk: string,
  field: F,
) =>
  indexKey(
    index,
    { template: `ORG#\${orgId}#CT#\${certtype}#${label}`, composite: ['orgId', 'certtype'] as const },
    { template: sk, composite: [field] as const },
  );

/**
 * A recipient of a cohort with, on the same row, the certificate made for them under one
 * certificate type (the issuance workspace's statuses: shared/src/workspace/rules.ts). One
 * partition per cohort, so a cohort's rows of one certificate type are one query.
 *
 * | access pattern                 | key                                            |
 * |--------------------------------|------------------------------------------------|
 * | byId                           | ORG#<org>#COH#<cohort> / CT#<type>#R#<student> |
 * | byId, cohort and type given    | ORG#<org>#COH#<cohort> / begins_with CT#<type>#R# |
 * | byId, cohort given             | ORG#<org>#COH#<cohort> / begins_with CT#       |
 * | byRoster (gsi2), a page        | ORG#<org>#COH#<cohort>#CT#<type> / RO#<rosterOrder> after or before a row |
 * | byFirstName (gsi1), a search   | ORG#<org>#CT#<type>#FIRST / F#<folded first name>, from–to (begins with) |
 * | byLastName (gsi3), a search    | ORG#<org>#CT#<type>#LAST / L#<folded last name>, from–to (begins with) |
 * | byEmail (gsi4), a search       | ORG#<org>#CT#<type>#EMAIL / E#<folded email>, from–to (begins with) |
 * | byStudentId (gsi5), a search   | ORG#<org>#CT#<type>#ID / I#<folded student id>, from–to (begins with) |
 *
 * `byRoster` is the recipients screen's order, so a page of 20 reads 20 items from a known row
 * (domain/recipients/roster-pages.ts) instead of the cohort. The four search patterns answer "whose
 * first name, last name, email or student id begins with …" across the organisation's rows of a
 * type, reading the matching rows only (searchKeys below: accents folded, lower case).
 */
export const recipients = defineEntity('recipient', {
  attributes: {
    ...attr.ownedByOrg,
    cohortid: attr.fixedText,
    certtype: attr.fixedText,
    studentid: attr.fixedText,
    /**
     * rosterOrder(studentid), written when the row is created (the roster index's sort key); rows
     * from before the roster index get it from the cohort's backfill (domain/recipients/recipient-store.ts).
     */
    rosterOrder: attr.text,
    /** searchKeys(row): the search index's sort keys, kept with the fields they fold. */
    findFirst: attr.text,
    findLast: attr.text,
    findEmail: attr.text,
    findId: attr.text,
    firstname: attr.requiredText,
    middlename: attr.requiredText,
    lastname: attr.requiredText,
    email: attr.requiredText,
    secondemail: attr.requiredText,
    /** The sheet's extra columns, by header. */
    extra: { type: 'any', required: true },
    status: attr.requiredText,
    publicKey: attr.text,
    oneTimeCode: attr.text,
    photoKey: attr.text,
    photoContentType: attr.text,
    documentKey: attr.text,
    /** 'krutidev010' means legacy-font rendering. */
    fontflag: attr.text,
    invitedAt: attr.text,
    inviteRun: attr.text,
    /** Why the last mail to this recipient (invitation or certificate) could not be delivered; '' once one was. */
    mailError: attr.text,
    /**
     * The run whose job gave up on this row (a mail's mailError, or the run's errors, say why) and when: a redrive of that run
     * retries the row only while nothing wrote it since (updatedAt still equals failedAt).
     */
    failedRun: attr.text,
    failedAt: attr.text,
    // ——— the certificate (issuance workspace) ———
    certUuid: attr.text,
    generatedAt: attr.text,
    generateRun: attr.text,
    /** The design version the certificate was generated with (0: the gallery default). */
    designVersion: attr.number,
    validated: attr.number,
    reviewAt: attr.text,
    issueRequestId: attr.text,
    /** What an issue request that is refused gives the row back. */
    statusBeforeIssue: attr.text,
    batchId: attr.text,
    scheduledAt: attr.text,
    issuedAt: attr.text,
    statusBeforeHold: attr.text,
    heldAt: attr.text,
    revokedAt: attr.text,
    revokeReason: attr.text,
    sentAt: attr.text,
    sentCount: attr.number,
    sendRun: attr.text,
    firstSentRun: attr.text,
    /** The address bounced (a mail event): sends skip the row until its email is edited. */
    bouncedAt: attr.text,
    bounceReason: attr.text,
    approval: attr.number,
    declineReason: attr.text,
    createdAt: attr.requiredText,
    updatedAt: attr.requiredText,
    /** TTL (epoch seconds): only the live demo's recipients expire (domain/demo). */
    expiresAt: attr.number,
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}#COH#${cohortid}', composite: ['orgId', 'cohortid'] },
      { template: 'CT#${certtype}#R#${studentid}', composite: ['certtype', 'studentid'] },
    ),
    byRoster: indexKey(
      GSI2,
      {
        template: 'ORG#${orgId}#COH#${cohortid}#CT#${certtype}',
        composite: ['orgId', 'cohortid', 'certtype'],
      },
      { template: 'RO#${rosterOrder}', composite: ['rosterOrder'] },
    ),
    byFirstName: searchIndex(GSI1, 'FIRST', 'F#${findFirst}', 'findFirst'),
    byLastName: searchIndex(GSI3, 'LAST', 'L#${findLast}', 'findLast'),
    byEmail: searchIndex(GSI4, 'EMAIL', 'E#${findEmail}', 'findEmail'),
    byStudentId: searchIndex(GSI5, 'ID', 'I#${findId}', 'findId'),
  },
});

/**
 * ElectroDB joins a `where` to the existence check with AND, without parentheses, and DynamoDB
 * refuses redundant ones: an expression is wrapped unless it is wrapped already.
 */
const parenthesised = (expression: string) => {
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    if (expression[i] === '(') depth++;
    else if (expression[i] === ')' && --depth === 0 && i < expression.length - 1) return `(${expression})`;
  }
  return expression.startsWith('(') ? expression : `(${expression})`;
};

/**
 * Sets attributes of an existing row under a condition written as a DynamoDB expression over the
 * row's stored attribute names with its own `:values` (the workspace's "not done by this run yet"
 * checks). ElectroDB's `where` cannot take values of its own without naming an attribute for them,
 * and DynamoDB refuses a request with an unused name, so the values are added to its parameters here.
 */
export const patchRecipientWhere = async (
  key: { orgId: string; cohortid: string; certtype: string; studentid: string },
  changes: Record<string, unknown>,
  condition: { expression: string; values?: Record<string, unknown> },
) => {
  const params = recipients()
    .patch(key)
    .set(changes)
    .where(() => parenthesised(condition.expression))
    .params<UpdateCommandInput>();
  await dynamoClient().send(
    new UpdateCommand({
      ...params,
      ExpressionAttributeValues: { ...params.ExpressionAttributeValues, ...condition.values },
    }),
  );
};
