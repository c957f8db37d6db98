import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipientsData } from '@proofmark/shared/contract/recipients';
import type { StudentRow } from '@proofmark/shared/recipients/rules';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { itemsReadCounter } from './items-read';

/*
 * The recipients screen's page reads the page, not the cohort: a 1,000-row cohort (and a small
 * one after it) on the test's DynamoDB Local, paged as the pager does, counting the items DynamoDB
 * reads for each page (every command's ScannedCount, or the items a batch get answers). Called in
 * this process, like ./engine.ts, against the test's local cloud.
 */
describe('recipients page on a large cohort', () => {
  let recipients: typeof import('../../functions/src/domain/recipients/recipients');
  let orgId: string;
  let reads: { n: number };
  const big = 'ROSTER-BIG';
  const small = 'ROSTER-SMALL';
  // Unpadded ids: the screen's order is numeric (S2 before S10), not the ids' byte order.
  const ids = Array.from({ length: 1_000 }, (_, i) => `S${i + 1}`);
  const student = (studentid: string, i: number): StudentRow => ({
    row: i + 2,
    studentid,
    firstname: `First${studentid}`,
    middlename: '',
    lastname: 'Roster',
    email: `${studentid.toLowerCase()}@example.test`,
    secondemail: '',
    extra: {},
  });

  beforeAll(async () => {
    Object.assign(process.env, cloud().functionEnv);
    recipients = await import('../../functions/src/domain/recipients/recipients');
    const store = await import('../../functions/src/domain/recipients/recipient-store');
    orgId = (await registeredAdmin()).orgId;
    await store.putCohort(orgId, big);
    await store.putCohort(orgId, small);
    await store.putNewStudents(orgId, big, 'degree', ids.map(student));
    await store.putNewStudents(orgId, small, 'degree', ['A1', 'A2', 'A3'].map(student));
    reads = await itemsReadCounter();
  }, 240_000);

  /** Reads a page as the screen asks for it; answers the page and how many items DynamoDB read for it. */
  const read = async (cohort: string, page: number, anchor?: string) => {
    reads.n = 0;
    const data: RecipientsData = await recipients.listRecipients(orgId, {
      cohort,
      certtype: 'degree',
      page,
      pagesize: 20,
      search: '',
      status: 'all',
      ...(anchor ? { anchor } : {}),
    });
    const studentIds = data.mockData.flatMap((p) => p.children.map((c) => c.studentid));
    return { data, studentIds, read: reads.n };
  };

  it('reads a page and its neighbours, the first and the last page, without reading the cohort', async () => {
    const first = await read(big, 0);
    expect(first.studentIds).toEqual(ids.slice(0, 20));
    expect(first.data.cohortData).toEqual({ total: 1_000, page: 0, pageSize: 20, pages: 50 });
    expect(first.data.mockData[0]!.pagecount).toBe(1_000);
    // Counted at all (the page's 20 rows), and not the cohort's 1,000.
    expect(first.read).toBeGreaterThanOrEqual(20);
    expect(first.read).toBeLessThanOrEqual(41);

    // Forwards page by page from the anchor of the page shown, as "next" does.
    let shown = first;
    for (let page = 1; page <= 5; page++) {
      shown = await read(big, page, shown.data.anchor);
      expect(shown.studentIds).toEqual(ids.slice(page * 20, page * 20 + 20));
      expect(shown.read).toBeLessThanOrEqual(41);
    }
    // Back one, and the last two pages (the pager's margin pages), each from where it is known.
    const back = await read(big, 4, shown.data.anchor);
    expect(back.studentIds).toEqual(ids.slice(80, 100));
    expect(back.read).toBeLessThanOrEqual(41);
    const last = await read(big, 49, back.data.anchor);
    expect(last.studentIds).toEqual(ids.slice(980));
    expect(last.read).toBeLessThanOrEqual(41);
    const beforeLast = await read(big, 48, last.data.anchor);
    expect(beforeLast.studentIds).toEqual(ids.slice(960, 980));
    expect(beforeLast.read).toBeLessThanOrEqual(61);
  });

  it('pages across cohorts in order, and a page far from any known one is still the right page', async () => {
    const all = await read('ROSTER', 0);
    expect(all.data.cohortData.total).toBe(1_003);
    const last = await read('ROSTER', 50, all.data.anchor);
    expect(last.studentIds).toEqual(['A1', 'A2', 'A3']);
    const seam = await read('ROSTER', 49, last.data.anchor);
    expect(seam.studentIds).toEqual(ids.slice(980));
    expect(seam.read).toBeLessThanOrEqual(41);
    const middle = await read(big, 25);
    expect(middle.studentIds).toEqual(ids.slice(500, 520));
  });

  it("reads the page after the one shown beside the listing's counts, and it is exact after a delete and a rename", async () => {
    const store = await import('../../functions/src/domain/recipients/recipient-store');
    const cohort = 'AHEAD';
    const own = Array.from({ length: 60 }, (_, i) => `S${i + 1}`);
    await store.putCohort(orgId, cohort);
    await store.putNewStudents(orgId, cohort, 'degree', own.map(student));
    // Every command the functions' client sends and every answer, in the order they happen.
    const { dynamoClient } = await import('../../functions/src/adapters/aws-dynamo');
    const events: string[] = [];
    dynamoClient().middlewareStack.add(
      (next) => async (args) => {
        const index = (args.input as { IndexName?: string }).IndexName ?? 'table';
        events.push(`send ${index}`);
        try {
          return await next(args);
        } finally {
          events.push(`done ${index}`);
        }
      },
      { step: 'initialize', name: 'orderOfReads' },
    );
    try {
      const first = await read(cohort, 0);
      // Meanwhile the row after the page shown is deleted, and the next one renamed.
      const gone = (await store.getRecipient(orgId, cohort, 'degree', 'S21'))!;
      expect(await store.deleteRecipientItem(gone)).toBe(true);
      await store.updateRecipientItem({ orgId, cohortid: cohort, certtype: 'degree', studentid: 'S22' }, {
        firstname: 'Renamed',
      });
      events.length = 0;
      const next = await read(cohort, 1, first.data.anchor);
      expect(next.studentIds).toEqual(own.slice(21, 41));
      expect(next.data.mockData[0]!.children[0]!.field1).toBe('Renamed');
      expect(next.data.cohortData.total).toBe(59);
      expect(next.read).toBeLessThanOrEqual(41);
      // The page's rows (the roster index, gsi2) are asked for before the counts have answered,
      // and only once.
      expect(events.indexOf('send gsi2')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('send gsi2')).toBeLessThan(events.indexOf('done table'));
      expect(events.filter((e) => e === 'send gsi2')).toHaveLength(1);
    } finally {
      dynamoClient().middlewareStack.remove('orderOfReads');
    }
  });

  it('ignores an anchor it did not make for this listing', async () => {
    const first = await read(big, 0);
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(first.data.anchor!, 'base64url').toString()),
        org: 'another-org',
      }),
    ).toString('base64url');
    const page = await read(big, 1, forged);
    expect(page.studentIds).toEqual(ids.slice(20, 40));
    const garbage = await read(big, 1, 'bm90LWpzb24');
    expect(garbage.studentIds).toEqual(ids.slice(20, 40));
  });
});
