import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../adapters/aws-dynamo';
import { functionConfig } from '../../adapters/function-config';
import { conditionHolds } from '../../adapters/table';
import type { RecipientItem } from '../recipient-store';

/**
 * Moves one recipient row from one of `from` statuses to the next, setting (and removing) some
 * attributes, only if nobody moved it first. Jobs and requests count a row only when this returned
 * true, so a retried step never counts (or charges, or mails) twice.
 */
export const transitionRow = (
  row: Pick<RecipientItem, 'pk' | 'sk'>,
  from: readonly string[],
  changes: Record<string, unknown>,
  opts: {
    /** Also require this attribute to hold this value (e.g. the issue request that took the row). */
    where?: Record<string, string>;
    /** Set only when absent (e.g. the certificate's uuid, fixed once). */
    ifAbsent?: Record<string, unknown>;
    remove?: string[];
  } = {},
): Promise<boolean> => {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  Object.entries({ ...changes, updatedAt: new Date().toISOString() }).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  Object.entries(opts.ifAbsent ?? {}).forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    sets.push(`#a${i} = if_not_exists(#a${i}, :a${i})`);
  });
  const removes = (opts.remove ?? []).map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  const froms = from.map((s, i) => {
    values[`:f${i}`] = s;
    return `:f${i}`;
  });
  const wheres = Object.entries(opts.where ?? {}).map(([k, v], i) => {
    names[`#w${i}`] = k;
    values[`:w${i}`] = v;
    return `#w${i} = :w${i}`;
  });
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: { pk: row.pk, sk: row.sk },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: [`attribute_exists(pk)`, `#status IN (${froms.join(', ')})`, ...wheres].join(
          ' AND ',
        ),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
};
