/**
 * `npx tsx scripts/backfill-in-progress.ts`: the one-off backfill of My Certificates' in-progress
 * counters. Rows created before the counters existed were never counted, so for every organisation
 * each certificate type's in-progress count is set to what a scan of its rows finds (issued, sent,
 * held and revoked were counted all along). Run it once after deploying the version that keeps the
 * counters, while nobody is working (a row created or issued during the scan of its cohort could be
 * missed or counted twice); running it again sets the same numbers. Finds the table as
 * `npm run plans` does: TABLE_NAME and AWS credentials, or the running local cloud.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { useProductTable } from './product-table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const main = async () => {
  const where = useProductTable();
  const [{ dynamoClient }, { functionConfig }, { recountInProgress }] = await Promise.all([
    import('../functions/src/adapters/aws-dynamo'),
    import('../functions/src/adapters/function-config'),
    import('../functions/src/domain/dashboard/my-certificates'),
  ]);
  // Organisations are `ORG#<org>` / `ORG` (older ones carry no entity marker, so a raw scan).
  const orgIds: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: functionConfig().tableName,
        FilterExpression: 'sk = :org',
        ExpressionAttributeValues: { ':org': 'ORG' },
        ProjectionExpression: 'pk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) orgIds.push(String(item.pk).replace(/^ORG#/, ''));
    start = page.LastEvaluatedKey;
  } while (start);
  console.log(`In-progress counts in ${where}, ${orgIds.length} organisation(s):`);
  for (const orgId of orgIds) {
    const counts = await recountInProgress(orgId);
    const shown = Object.entries(counts).filter(([, n]) => n > 0);
    console.log(`  ${orgId}: ${shown.map(([t, n]) => `${t} ${n}`).join(', ') || 'none'}`);
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
