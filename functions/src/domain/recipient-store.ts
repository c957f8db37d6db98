import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { recipientStatus, type StudentRow } from '@proofmark/shared/recipients/rules';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds, isConditionalFailure, queryAll, setExpression } from '../adapters/table';

/**
 * Cohorts and recipient rows in the single table (ARCHITECTURE.md "Data"):
 * Cohort `ORG#<org>` / `COHORT#<cohort>`; Recipient+credential `ORG#<org>#COH#<cohort>` /
 * `CT#<certtype>#R#<student>` — one partition per cohort, so a cohort's rows of one certificate
 * type are one query.
 */
export const recipientKeys = {
  cohort: (orgId: string, cohortid: string) => ({ pk: `ORG#${orgId}`, sk: `COHORT#${cohortid}` }),
  cohortPrefix: 'COHORT#',
  cohortPartition: (orgId: string, cohortid: string) => `ORG#${orgId}#COH#${cohortid}`,
  rowPrefix: (certtype: string) => `CT#${certtype}#R#`,
  recipient: (orgId: string, cohortid: string, certtype: string, studentid: string) => ({
    pk: `ORG#${orgId}#COH#${cohortid}`,
    sk: `CT#${certtype}#R#${studentid}`,
  }),
};

export interface CohortItem {
  orgId: string;
  cohortid: string;
  parts: string[];
  country: string;
  createdAt: string;
}

export interface RecipientItem {
  pk: string;
  sk: string;
  orgId: string;
  cohortid: string;
  certtype: string;
  studentid: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  secondemail: string;
  extra: Record<string, string>;
  status: string;
  publicKey?: string;
  oneTimeCode?: string;
  photoKey?: string;
  photoContentType?: string;
  documentKey?: string;
  /** 'krutidev010' means legacy-font rendering (§3). */
  fontflag?: string;
  invitedAt?: string;
  inviteRun?: string;
  // ——— the certificate (issuance workspace; shared/src/workspace/rules.ts has the statuses) ———
  /** Fixed at the first generation and kept until issued: the credential id is urn:uuid:<certUuid>. */
  certUuid?: string;
  generatedAt?: string;
  generateRun?: string;
  /** Validate (§2.5, is_validated). Cleared by Reset and by generating again. */
  validated?: 0 | 1;
  reviewAt?: string;
  /** The issue request (= its run id) that took this row; the anchoring batch of that request. */
  issueRequestId?: string;
  batchId?: string;
  scheduledAt?: string;
  issuedAt?: string;
  /** Unhold returns to this status (Certificate issued or Certificate sent). */
  statusBeforeHold?: string;
  heldAt?: string;
  revokedAt?: string;
  revokeReason?: string;
  sentAt?: string;
  sentCount?: number;
  /** The send run that last mailed this row: a redelivered chunk of that run skips it (no double count). */
  sendRun?: string;
  /** Approval screen (§2.6): 1 approved, 2 declined. */
  approval?: 1 | 2;
  declineReason?: string;
  createdAt: string;
  updatedAt: string;
}

const table = () => functionConfig().tableName;

/** Runs `fn` over the items, at most `limit` at a time. */
export const mapLimit = async <T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
) => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

// ——— cohorts ———

export const listCohortItems = (orgId: string) =>
  queryAll<CohortItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': recipientKeys.cohortPrefix },
    ConsistentRead: true,
  });

export const getCohort = async (orgId: string, cohortid: string): Promise<CohortItem | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: table(), Key: recipientKeys.cohort(orgId, cohortid), ConsistentRead: true }),
  );
  return out.Item as CohortItem | undefined;
};

/** Creates the cohort; `onlyNew` refuses (returns false) when it exists, else an existing one is kept. */
export const putCohort = async (
  orgId: string,
  cohortid: string,
  country = '',
  onlyNew = false,
): Promise<boolean> => {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...recipientKeys.cohort(orgId, cohortid),
          type: 'cohort',
          orgId,
          cohortid,
          parts: cohortid.split('-'),
          country,
          createdAt: new Date().toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return !onlyNew;
    throw err;
  }
};

export const deleteCohortItem = (orgId: string, cohortid: string) =>
  dynamoClient().send(new DeleteCommand({ TableName: table(), Key: recipientKeys.cohort(orgId, cohortid) }));

/** Whether any row (of any certificate type) is left in the cohort's partition. */
export const cohortHasRows = async (orgId: string, cohortid: string): Promise<boolean> => {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': recipientKeys.cohortPartition(orgId, cohortid) },
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return (out.Items?.length ?? 0) > 0;
};

// ——— recipient rows ———

export const listCohortRows = (orgId: string, cohortid: string, certtype: string) =>
  queryAll<RecipientItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: {
      ':pk': recipientKeys.cohortPartition(orgId, cohortid),
      ':sk': recipientKeys.rowPrefix(certtype),
    },
    ConsistentRead: true,
  });

export const getRecipient = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  studentid: string,
): Promise<RecipientItem | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: table(),
      Key: recipientKeys.recipient(orgId, cohortid, certtype, studentid),
      ConsistentRead: true,
    }),
  );
  return out.Item as RecipientItem | undefined;
};

/**
 * Adds a student or updates the uploaded fields of an existing one; the status, public key,
 * one-time code and files of an existing row are kept. Idempotent, so a retried import is harmless.
 */
export const upsertStudent = async (orgId: string, cohortid: string, certtype: string, s: StudentRow) => {
  const now = new Date().toISOString();
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: recipientKeys.recipient(orgId, cohortid, certtype, s.studentid),
      UpdateExpression:
        'SET #type = :type, orgId = :org, cohortid = :coh, certtype = :ct, studentid = :sid, firstname = :fn, ' +
        'middlename = :mn, lastname = :ln, email = :em, secondemail = :em2, extra = :extra, ' +
        '#status = if_not_exists(#status, :pending), createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
      ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
      ExpressionAttributeValues: {
        ':type': 'recipient',
        ':org': orgId,
        ':coh': cohortid,
        ':ct': certtype,
        ':sid': s.studentid,
        ':fn': s.firstname,
        ':mn': s.middlename,
        ':ln': s.lastname,
        ':em': s.email,
        ':em2': s.secondemail,
        ':extra': s.extra,
        ':pending': recipientStatus.invitePending,
        ':now': now,
      },
    }),
  );
};

/**
 * Writes rows for students the cohort does not have yet, 25 to a request (an import's common case;
 * existing rows go through upsertStudent, which keeps their status and key).
 */
export const putNewStudents = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  students: StudentRow[],
) => {
  const now = new Date().toISOString();
  const chunks: StudentRow[][] = [];
  for (let i = 0; i < students.length; i += 25) chunks.push(students.slice(i, i + 25));
  await mapLimit(chunks, 4, async (chunk) => {
    let requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string] =
      chunk.map((s) => ({
        PutRequest: {
          Item: {
            ...recipientKeys.recipient(orgId, cohortid, certtype, s.studentid),
            type: 'recipient',
            orgId,
            cohortid,
            certtype,
            studentid: s.studentid,
            firstname: s.firstname,
            middlename: s.middlename,
            lastname: s.lastname,
            email: s.email,
            secondemail: s.secondemail,
            extra: s.extra,
            status: recipientStatus.invitePending,
            createdAt: now,
            updatedAt: now,
          },
        },
      }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
      requests = out.UnprocessedItems?.[table()] ?? [];
    }
  });
};

/** Sets some attributes of an existing row (never creates one); false when the row is gone or the condition fails. */
export const updateRecipientItem = async (
  row: Pick<RecipientItem, 'pk' | 'sk'>,
  changes: Partial<Omit<RecipientItem, 'pk' | 'sk'>>,
  condition?: { expression: string; values?: Record<string, unknown> },
): Promise<boolean> => {
  const update = setExpression({ ...changes, updatedAt: new Date().toISOString() });
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: row.pk, sk: row.sk },
        ...update,
        ConditionExpression: ['attribute_exists(pk)', condition?.expression].filter(Boolean).join(' AND '),
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...condition?.values },
      }),
    ),
  );
};

export const deleteRecipientItem = (row: Pick<RecipientItem, 'pk' | 'sk'>) =>
  dynamoClient().send(new DeleteCommand({ TableName: table(), Key: { pk: row.pk, sk: row.sk } }));
