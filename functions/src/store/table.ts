import { Entity, type Schema } from 'electrodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';

/**
 * The one DynamoDB table every entity lives in (infra/resources.ts declares it for both clouds).
 * Entities are defined at module load but bound to the client and table name on first use, because
 * the table's name is only known from the environment of the process that runs them.
 */
const SERVICE = 'proofmark';

/** Index names as the table declares them; an entity's access pattern names which one it reads. */
export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';
/** gsi3–gsi5: the recipients search (last name, email, student id; the first name is on gsi1). */
export const GSI3 = 'gsi3';
export const GSI4 = 'gsi4';
export const GSI5 = 'gsi5';
type IndexName = typeof GSI1 | typeof GSI2 | typeof GSI3 | typeof GSI4 | typeof GSI5;

/** Keys keep the exact case we give them (ElectroDB lower-cases by default). */
const keep = { casing: 'none' } as const;

interface KeyPart {
  template: string;
  composite: readonly string[];
}

/**
 * One half of a key: a label and the attributes it is built from, joined by `#`:
 * `keyPart('BATCH', 'id')` is `BATCH#${id}`, `keyPart('USER')` the fixed `USER`.
 */
export const keyPart = <const C extends readonly string[]>(label: string, ...composite: C) => ({
  template: [label, ...composite.map((c) => '${' + c + '}')].join('#'),
  composite,
});

/** The table's primary key: `pk` / `sk` built from a template such as `ORG#${orgId}`. */
export const primaryKey = <const P extends KeyPart, const K extends KeyPart>(pk: P, sk: K) => ({
  pk: { field: 'pk' as const, ...keep, ...pk },
  sk: { field: 'sk' as const, ...keep, ...sk },
});

/** The partition of everything an organisation owns, so no query on it reaches another tenant. */
const orgPartition = keyPart('ORG', 'orgId');

/** The primary key of a record an organisation owns: `ORG#${orgId}` / the given sort key. */
export const orgKey = <const K extends KeyPart>(sk: K) => primaryKey(orgPartition, sk);

/** A key on a global index (`gsi1pk` / `gsi1sk`, ...). */
export const indexKey = <
  const I extends IndexName,
  const P extends KeyPart,
  const K extends KeyPart,
>(
  index: I,
  pk: P,
  sk: K,
) => ({
  index,
  pk: { field: `${index}pk` as `${I}pk`, ...keep, ...pk },
  sk: { field: `${index}sk` as `${I}sk`, ...keep, ...sk },
});

/**
 * Defines the entity of one kind of record (version 1 of service `proofmark`) and answers a getter
 * that binds it to the table on first use (its `schema` stays readable without binding).
 * `const users = defineEntity('user', {...}); await users().get({ orgId, userId }).go()`.
 */
export const defineEntity = <
  const E extends string,
  A extends string,
  F extends string,
  C extends string,
  const S extends Omit<Schema<A, F, C>, 'model'>,
>(
  name: E,
  parts: S,
) => {
  const schema = { model: { entity: name, version: '1' as const, service: SERVICE }, ...parts };
  const entity = new Entity(schema);
  let bound = false;
  const get = () => {
    if (!bound) {
      entity.setClient(dynamoClient());
      entity.setTableName(functionConfig().tableName);
      bound = true;
    }
    return entity;
  };
  // The schema, readable without binding: scripts/table-design.ts documents the table from it.
  return Object.assign(get, { schema });
};

/**
 * True when a write was refused because its condition did not hold (someone else got there first,
 * or the item is not in the state asked for). ElectroDB wraps the SDK's error in its own, with the
 * SDK's as `cause`; raw SDK errors are understood too.
 */
export const isConditionFailure = (err: unknown): boolean => {
  const e = err as { name?: string; cause?: { name?: string } } | undefined;
  return (
    e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException'
  );
};

/**
 * Runs a conditional write: true when it was written, false when it lost the race (its condition
 * did not hold). Any other error is thrown.
 */
export const written = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
};

/**
 * Read option for long-lived records (users, organisations, settings, secrets) that existed before
 * the store layer: their rows carry no entity marker (`__edb_e__`), which ElectroDB otherwise
 * requires, so they are recognised by the shape of their keys instead. Their next write through the
 * entity adds the marker.
 */
export const rowsWrittenBeforeEntities = { ignoreOwnership: true } as const;
