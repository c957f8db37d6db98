/**
 * Counts the items DynamoDB reads for the functions' client in this process (a query's or scan's
 * ScannedCount, a batch get's items): how the paging and search tests prove a read stays bounded
 * without timing it. Set `n` to 0 before the read being measured. Import it after the functions'
 * environment is in place (the client reads it).
 */
export const itemsReadCounter = async () => {
  const { dynamoClient } = await import('../../functions/src/adapters/aws-dynamo');
  const counter = { n: 0 };
  dynamoClient().middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const o = out.output as { ScannedCount?: number; Responses?: Record<string, unknown> };
      counter.n +=
        o.ScannedCount ??
        Object.values(o.Responses ?? {}).reduce<number>((n, r) => n + (Array.isArray(r) ? r.length : 0), 0);
      return out;
    },
    { step: 'initialize', name: 'countItemsRead' },
  );
  return counter;
};
