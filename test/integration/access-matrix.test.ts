import { beforeAll, describe, expect, it } from 'vitest';
import { noPermissions } from '@proofmark/shared/accounts/permissions';
import { contract } from '@proofmark/shared/contract';
import type { AnyRoute } from '@proofmark/shared/contract/define';
import { api } from './helpers';
import { registeredAdmin, teamUser } from './accounts';
import { addStudents, issuedCertificates, toPkReceived } from './workspace-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
type Member = Awaited<ReturnType<typeof teamUser>>;

// Every route of the contract: what the server serves and the web client may call.
const routes: AnyRoute[] = Object.values(contract);
const routeKey = (r: AnyRoute) => r.key;
type RouteDef = AnyRoute;

const fill = (path: string, id = 'does-not-matter') => path.replace(/\{\w+\+?\}/g, id);
const call = (r: RouteDef, token?: string, id?: string) =>
  api(r.method, fill(r.path, id), { token, body: r.method === 'GET' ? undefined : {} });

const checkoutOf = async (owner: Admin) =>
  (
    await api<{ paymentId: string }>('POST', '/api/billing/checkout', {
      token: owner.token,
      body: { planId: 'starter' },
    })
  ).body.Data!.paymentId;

/**
 * How to make an object of another organisation for each route that takes an id. A new route with
 * a path parameter fails the isolation test until it gets an entry here.
 */
const otherOrgObject: Record<string, (owner: Admin) => Promise<string>> = {
  // Batches are made only by the workspace's Issue (one API per action).
  'GET /api/batches/{id}': async (owner) => (await issuedCertificates(owner, 1)).batch.id,
  'GET /api/uploads/{id}': async (owner) =>
    (
      await api<{ id: string }>('POST', '/api/uploads', {
        token: owner.token,
        body: { purpose: 'students', filename: 'b-only.xlsx', size: 100, cohortid: 'B-only' },
      })
    ).body.Data!.id,
  'POST /api/uploads/{id}/import': async (owner) =>
    (
      await api<{ id: string }>('POST', '/api/uploads', {
        token: owner.token,
        body: { purpose: 'students', filename: 'b-only.xlsx', size: 100, cohortid: 'B-only' },
      })
    ).body.Data!.id,
  'GET /api/workspace/runs/{id}': async (owner) => {
    await addStudents(owner, 'B-only', [{ id: 'B1' }]);
    await toPkReceived(owner, ['B-only=B1']);
    const res = await api<{ id: string }>('POST', '/api/workspace/generate', {
      token: owner.token,
      body: { selectedItems: ['B-only=B1'], certtype: 'degree' },
    });
    return res.body.Data!.id;
  },
  // A payment is made by a checkout for a seeded plan (its id is the PaymentIntent's).
  'GET /api/billing/payments/{id}': (owner) => checkoutOf(owner),
  // Unpaid, its owner is told it has no receipt (400); another organisation that it does not exist.
  'GET /api/billing/payments/{id}/receipt': (owner) => checkoutOf(owner),
};

describe('permissions are enforced on the server, for every route of the contract', () => {
  let admin: Admin;
  let viewOnly: Member;
  let noFlags: Member;
  beforeAll(async () => {
    admin = await registeredAdmin();
    viewOnly = await teamUser(admin);
    noFlags = await teamUser(admin, noPermissions());
  });

  const authenticated = routes.filter((r) => r.access.kind !== 'public');

  it.each(authenticated.map((r) => [routeKey(r), r] as const))(
    '%s refuses a call without a token (401)',
    async (_k, r) => {
      expect((await call(r)).status).toBe(401);
    },
  );

  const writes = routes.filter((r) => r.access.kind === 'write' || r.access.kind === 'mainAdmin');
  it.each(writes.map((r) => [routeKey(r), r] as const))(
    '%s refuses a view-only user (403)',
    async (_k, r) => {
      expect((await call(r, viewOnly.token)).status).toBe(403);
    },
  );

  const flagged = routes.filter(
    (r) => ('flag' in r.access && r.access.flag) || r.access.kind === 'mainAdmin',
  );
  it.each(flagged.map((r) => [routeKey(r), r] as const))(
    '%s refuses a user without its permission (403)',
    async (_k, r) => {
      expect((await call(r, noFlags.token)).status).toBe(403);
    },
  );

  it('lets a view-only user read', async () => {
    for (const r of routes.filter(
      (x) => x.access.kind === 'read' && !('flag' in x.access && x.access.flag),
    )) {
      expect((await call(r, viewOnly.token)).status, routeKey(r)).not.toBe(403);
    }
  });
});

describe('tenant isolation', () => {
  let a: Admin;
  let b: Admin;
  beforeAll(async () => {
    [a, b] = await Promise.all([registeredAdmin(), registeredAdmin()]);
  });

  // Public routes (the wallet's introduction) take no token: they are not an organisation's view.
  const withIds = routes.filter((r) => r.path.includes('{') && r.access.kind !== 'public');
  it.each(withIds.map((r) => [routeKey(r), r] as const))(
    "%s answers 404 for another organisation's object",
    async (key, r) => {
      const make = otherOrgObject[key];
      expect(make, `add a fixture for ${key} to otherOrgObject`).toBeDefined();
      const id = await make!(b);
      // B sees it; A gets 404 as if it did not exist.
      expect((await call(r, b.token, id)).status).not.toBe(404);
      expect((await call(r, a.token, id)).status).toBe(404);
    },
    300_000,
  );

  it("cannot change another organisation's team member", async () => {
    const res = await api('POST', '/api/team/permissions', {
      token: a.token,
      body: { email: b.email, ...noPermissions() },
    });
    expect(res.status).toBe(404);
  });
});
