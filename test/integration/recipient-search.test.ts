import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ListRecipientsQuery, RecipientsData } from '@proofmark/shared/contract/recipients';
import type { StudentRow } from '@proofmark/shared/recipients/rules';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { itemsReadCounter } from './items-read';

/*
 * The recipients search reads the rows it matches, not the cohort: a 1,000-row cohort on the test's
 * DynamoDB Local, searched by first name (accents folded), last name, email and student id,
 * counting the items DynamoDB reads (every command's ScannedCount, or the items a batch get
 * answers); results stay right after a rename, a delete and a status change. Rows written before
 * the roster and search indexes existed are indexed once, when their cohort is first read, and
 * deleting such a row before that takes nothing from the roster count. Called in this process,
 * like ./roster-pages.test.ts, against the test's local cloud.
 */
describe('recipients search on a large cohort', () => {
  let recipients: typeof import('../../functions/src/domain/recipients/recipients');
  let store: typeof import('../../functions/src/domain/recipients/recipient-store');
  let orgId: string;
  let reads: { n: number };
  const big = 'SEARCH-BIG';
  const ids = Array.from({ length: 1_000 }, (_, i) => `S${i + 1}`);
  // Every tenth student is an Élodie; the others have a first name of their own.
  const student = (studentid: string, i: number): StudentRow => ({
    row: i + 2,
    studentid,
    firstname: i % 10 === 0 ? 'Élodie' : `Name${studentid}`,
    middlename: '',
    lastname: i === 500 ? 'Ångström' : 'Search',
    email: `mail-${studentid.toLowerCase()}@example.test`,
    secondemail: '',
    extra: {},
  });

  beforeAll(async () => {
    Object.assign(process.env, cloud().functionEnv);
    recipients = await import('../../functions/src/domain/recipients/recipients');
    store = await import('../../functions/src/domain/recipients/recipient-store');
    orgId = (await registeredAdmin()).orgId;
    await store.putCohort(orgId, big);
    await store.putNewStudents(orgId, big, 'degree', ids.map(student));
    reads = await itemsReadCounter();
  }, 240_000);

  const search = async (text: string, more: Partial<ListRecipientsQuery> = {}) => {
    reads.n = 0;
    const data: RecipientsData = await recipients.listRecipients(orgId, {
      cohort: big,
      certtype: 'degree',
      page: 0,
      pagesize: 250,
      search: text,
      status: 'all',
      ...more,
    });
    const studentIds = data.mockData.flatMap((p) => p.children.map((c) => c.studentid));
    return { data, studentIds, read: reads.n };
  };

  it('finds rows by the start of a first name, last name, email or student id, reading only those rows', async () => {
    const elodies = ids.filter((_, i) => i % 10 === 0);
    const byFirst = await search('elodie');
    expect(byFirst.studentIds).toEqual(elodies);
    expect(byFirst.data.cohortData.total).toBe(100);
    // The 100 matching rows and a few bookkeeping items (the cohorts, the roster count), not 1,000.
    expect(byFirst.read).toBeGreaterThanOrEqual(100);
    expect(byFirst.read).toBeLessThanOrEqual(110);

    const byId = await search('s99');
    expect(byId.studentIds).toEqual(['S99', ...Array.from({ length: 10 }, (_, i) => `S${990 + i}`)]);
    expect(byId.read).toBeLessThanOrEqual(21);

    const byEmail = await search('MAIL-S12');
    expect(byEmail.studentIds).toEqual(['S12', ...Array.from({ length: 10 }, (_, i) => `S${120 + i}`)]);
    expect(byEmail.read).toBeLessThanOrEqual(21);

    const byLast = await search('angst');
    expect(byLast.studentIds).toEqual(['S501']);
    // A row matching on two fields is shown once; the middle of a name is not a match.
    expect((await search('name')).data.cohortData.total).toBe(900);
    expect((await search('odie')).studentIds).toEqual([]);
    // Paged like any listing.
    const second = await recipients.listRecipients(orgId, {
      cohort: big,
      certtype: 'degree',
      page: 1,
      pagesize: 30,
      search: 'élodie',
      status: 'all',
    });
    expect(second.mockData[0]!.children.map((c) => c.studentid)).toEqual(elodies.slice(30, 60));
  });

  it("reads a job chunk's rows by their keys, in the cohort's order, not the cohort", async () => {
    // A chunk of a run names 100 rows of the 1,000 (and one that does not exist).
    const named = ids.filter((_, i) => i % 10 === 3).concat('S-GONE');
    reads.n = 0;
    const { rows } = await recipients.resolveSelection(
      orgId,
      'degree',
      named.map((id) => `${big}=${id}`),
    );
    expect(reads.n).toBe(100);
    const inCohortOrder = (await store.listCohortRows(orgId, big, 'degree'))
      .filter((r) => named.includes(r.studentid))
      .map((r) => r.studentid);
    expect(rows.map((r) => r.studentid)).toEqual(inCohortOrder);
    expect(inCohortOrder).toHaveLength(100);
  });

  it('finds a name however it goes on after the text, and nothing past it', async () => {
    // The search reads a key range (the text to the text followed by the highest code point): a
    // name going on with a character from beyond the basic plane or the private use area is still in
    // it, a name that differs in the last letter searched is not.
    const edge = 'SEARCH-EDGE';
    await store.putCohort(orgId, edge);
    const names = ['Zoë\u{20000}', 'Zoe\uE000', 'Zoe\u{10FFFD}x', 'Zoe', 'Zof', 'Zod\u{10FFFF}'];
    await store.putNewStudents(
      orgId,
      edge,
      'degree',
      names.map((firstname, i) => ({ ...student(`E${i + 1}`, 1), firstname, lastname: 'Edge' })),
    );
    const found = await search('zoe', { cohort: edge });
    expect(found.studentIds.sort()).toEqual(['E1', 'E2', 'E3', 'E4']);
    expect((await search('zo', { cohort: edge })).studentIds.sort()).toEqual([
      'E1',
      'E2',
      'E3',
      'E4',
      'E5',
      'E6',
    ]);
  });

  it('stays right after a rename, a delete and a status change', async () => {
    await recipients.updateRecipient(orgId, {
      selectedCertType: 'degree',
      selectedcoid: big,
      selectedstdid: 'S2',
      newemail: 'zed@example.test',
      firstname: 'Zébulon',
      middlename: '',
      lastname: 'Search',
    });
    expect((await search('zebu')).studentIds).toEqual(['S2']);
    expect((await search('zed@')).studentIds).toEqual(['S2']);
    // The old name is no longer found; the other NameS2… rows (ids ending in 1 are Élodies) are.
    expect((await search('names2')).studentIds).toEqual(
      ids.filter((id) => id.startsWith('S2') && id !== 'S2' && !id.endsWith('1')),
    );

    await recipients.deleteRecipients(orgId, 'degree', [`${big}=S11`], false);
    expect((await search('elodie')).studentIds).not.toContain('S11');
    expect((await search('elodie')).data.cohortData.total).toBe(99);
    expect((await recipients.listCohorts(orgId, 'degree')).Data.find((c) => c.value === big)!.count).toBe(
      999,
    );

    await recipients.copyEmailAsKey(orgId, 'degree', [`${big}=S21`]);
    const pk = await search('elodie', { status: 'PK received' });
    expect(pk.studentIds).toEqual(['S21']);
  });

  it('indexes a cohort written before the indexes once, and counts a deleted old row out only once', async () => {
    const { recipients: entity } = await import('../../functions/src/store/recipients');
    const { dynamoClient } = await import('../../functions/src/adapters/aws-dynamo');
    const old = 'SEARCH-OLD';
    await store.putCohort(orgId, old);
    const now = new Date().toISOString();
    // Rows as they were written before the roster count and the roster and search keys existed.
    for (const [i, studentid] of ['B1', 'B2', 'B3', 'B10', 'B11'].entries()) {
      const params = entity()
        .create({
          orgId,
          cohortid: old,
          certtype: 'degree',
          studentid,
          firstname: `Oldname${i}`,
          middlename: '',
          lastname: 'Before',
          email: `${studentid.toLowerCase()}@old.test`,
          secondemail: '',
          extra: {},
          status: 'Invite pending',
          createdAt: now,
          updatedAt: now,
        })
        .params<{ Item: Record<string, unknown>; TableName: string }>();
      const item = Object.fromEntries(
        Object.entries(params.Item).filter(([k]) => !/^gsi|^find|rosterOrder/.test(k)),
      );
      await dynamoClient().send(new PutCommand({ TableName: params.TableName, Item: item }));
    }
    // Deleted before the cohort is ever read: it was never counted, so nothing is taken away.
    expect(await recipients.deleteRecipients(orgId, 'degree', [`${old}=B2`], false)).toEqual({
      deleted: 1,
      kept: 0,
    });

    const page = await recipients.listRecipients(orgId, {
      cohort: old,
      certtype: 'degree',
      page: 0,
      pagesize: 20,
      search: '',
      status: 'all',
    });
    expect(page.mockData[0]!.children.map((c) => c.studentid)).toEqual(['B1', 'B3', 'B10', 'B11']);
    expect(page.cohortData.total).toBe(4);
    expect(page.anchor).toBeTruthy();
    expect((await search('oldname', { cohort: old })).studentIds).toEqual(['B1', 'B3', 'B10', 'B11']);

    // Indexed once: another read reads the page only, and a delete now counts the row out.
    await recipients.deleteRecipients(orgId, 'degree', [`${old}=B10`], false);
    reads.n = 0;
    const counts = await recipients.listCohorts(orgId, 'degree');
    expect(counts.Data.find((c) => c.value === old)!.count).toBe(3);
    expect(reads.n).toBeLessThan(20);
  });
});
