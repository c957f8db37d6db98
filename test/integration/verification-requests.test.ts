import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '@proofmark/shared/contract/dashboard';
import { api, cloud } from './helpers';
import { registeredAdmin } from './accounts';

/**
 * The dashboard's verification-requests table over many checks (§2, §3): pages of the asked size
 * in time order either way, a cursor to the next page and none after the last, a case-insensitive
 * search, and a search that reads a bounded slice of the period per call (an answer with a cursor
 * to go on from rather than a read of every check).
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const table = async (admin: Admin, query: string) => {
  const res = await api<DashboardData>('GET', `/api/dashboard?${query}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data!.verify;
};

/**
 * Checks as the verifier page records them, written through the store's entities: the rows and
 * their month's counter (the product writes both in one transaction).
 */
const seedChecks = async (orgId: string, month: string, names: string[]) => {
  Object.assign(process.env, cloud().functionEnv);
  const { verifications } = await import('../../functions/src/store/verifications');
  const { stats } = await import('../../functions/src/store/stats');
  const rows = names.map((name, i) => ({
    orgId,
    // One second apart, in the order given.
    verifiedAt: new Date(Date.parse(`${month}-10T00:00:00.000Z`) + i * 1000).toISOString(),
    verificationId: randomUUID(),
    credentialId: `urn:uuid:${randomUUID()}`,
    verdict: 'verified',
    method: 'id',
    recipientName: name,
    certificateName: 'Bachelor of Science',
  }));
  const { unprocessed } = await verifications().put(rows).go();
  expect(unprocessed).toEqual([]);
  await stats().update({ orgId, month }).add({ verified: names.length }).go();
};

const pad = (n: number) => String(n).padStart(2, '0');

describe('the verification-requests table', () => {
  let admin: Admin;

  beforeAll(async () => {
    admin = await registeredAdmin();
    await seedChecks(
      admin.orgId,
      '2019-03',
      Array.from({ length: 25 }, (_, i) => `Recipient ${pad(i)}`),
    );
    await seedChecks(admin.orgId, '2019-01', ['January 0', 'January 1', 'January 2']);
  }, 120_000);

  it('pages the period newest first, with a cursor until the last page', async () => {
    const period = 'timetype=month&start=2019-03&end=2019-03&pagesize=10';
    const first = await table(admin, period);
    expect(first.rows.map((r) => r.fullname)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Recipient ${pad(24 - i)}`),
    );
    expect(first.next).toBeTruthy();
    const second = await table(admin, `${period}&cursor=${encodeURIComponent(first.next!)}`);
    expect(second.rows.map((r) => r.fullname)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Recipient ${pad(14 - i)}`),
    );
    const third = await table(admin, `${period}&cursor=${encodeURIComponent(second.next!)}`);
    expect(third.rows.map((r) => r.fullname)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Recipient ${pad(4 - i)}`),
    );
    expect(third.next).toBeUndefined();

    const oldest = await table(admin, `${period}&order=asc`);
    expect(oldest.rows[0]!.fullname).toBe('Recipient 00');
    // A full last page says so too: no cursor to an empty page.
    const exact = await table(admin, 'timetype=month&start=2019-03&end=2019-03&pagesize=25');
    expect(exact.rows).toHaveLength(25);
    expect(exact.next).toBeUndefined();
    // Another period holds none of them.
    expect((await table(admin, 'timetype=month&start=2019-04&end=2019-04')).rows).toEqual([]);
  });

  it('walks the months that hold checks, page after page, either way round', async () => {
    const year = 'timetype=year&start=2019&end=2019&pagesize=10';
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await table(admin, `${year}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      pages.push(page.rows.map((r) => r.fullname));
      cursor = page.next;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 8]);
    expect(pages.flat()).toEqual([
      ...Array.from({ length: 25 }, (_, i) => `Recipient ${pad(24 - i)}`),
      'January 2',
      'January 1',
      'January 0',
    ]);
    const oldest = await table(admin, `${year}&order=asc&pagesize=4`);
    expect(oldest.rows.map((r) => r.fullname)).toEqual([
      'January 0',
      'January 1',
      'January 2',
      'Recipient 00',
    ]);
  });

  it("refuses a cursor that is not a page of the organisation's own table", async () => {
    const page = await table(admin, 'timetype=month&start=2019-03&end=2019-03&pagesize=5');
    const other = await registeredAdmin();
    const query = `timetype=month&start=2019-03&end=2019-03&cursor=`;
    for (const cursor of [page.next!, 'not-a-cursor']) {
      const res = await api('GET', `/api/dashboard?${query}${encodeURIComponent(cursor)}`, {
        token: other.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('That page of verification requests is unknown.');
    }
  });

  it('searches whatever the case, a page at a time', async () => {
    const period = 'timetype=month&start=2019-03&end=2019-03&pagesize=3';
    // "recipient 2" is Recipient 20 to 24.
    const first = await table(admin, `${period}&search=${encodeURIComponent('RECIPIENT 2')}`);
    expect(first.rows.map((r) => r.fullname)).toEqual(['Recipient 24', 'Recipient 23', 'Recipient 22']);
    const rest = await table(
      admin,
      `${period}&search=${encodeURIComponent('recipient 2')}&cursor=${encodeURIComponent(first.next!)}`,
    );
    expect(rest.rows.map((r) => r.fullname)).toEqual(['Recipient 21', 'Recipient 20']);
    expect(rest.next).toBeUndefined();
  });

  it('reads a bounded slice of the period per search call, then goes on from its cursor', async () => {
    const other = await registeredAdmin();
    // The one match is the oldest of 1,200 checks: the newest 1,000 hold none.
    await seedChecks(other.orgId, '2019-05', [
      'Needle Match',
      ...Array.from({ length: 1199 }, (_, i) => `Haystack ${i}`),
    ]);
    const period = 'timetype=month&start=2019-05&end=2019-05&search=needle';
    const first = await table(other, period);
    expect(first.rows).toEqual([]);
    expect(first.next).toBeTruthy();
    const second = await table(other, `${period}&cursor=${encodeURIComponent(first.next!)}`);
    expect(second.rows.map((r) => r.fullname)).toEqual(['Needle Match']);
    expect(second.next).toBeUndefined();

    // The CSV reads on past one call's slice: the match is in it.
    const res = await fetch(`${cloud().appUrl}/api/dashboard/download?${period}&category=verify`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Needle Match');
  }, 120_000);
});
