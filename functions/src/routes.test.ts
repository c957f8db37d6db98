import { describe, expect, it } from 'vitest';
import { contract } from '@proofmark/shared/contract';
import { routeGroups, routes, routeKey } from './routes';

describe('the route table', () => {
  it('has a route for every route of the contract, and no other', () => {
    expect(routes.map(routeKey).sort()).toEqual(Object.keys(contract).sort());
  });

  it.each(routeGroups)('group %s handles exactly its routes', async (group) => {
    const mod = (await import(`./http/${group}.ts`)) as { handler: { routeKeys: string[] } };
    const expected = routes
      .filter((r) => r.group === group)
      .map(routeKey)
      .sort();
    expect([...mod.handler.routeKeys].sort()).toEqual(expected);
  });

  it('names every group after the URL area it serves (`<area>` or `<area>-<part>`)', () => {
    for (const r of routes) {
      const area = r.path.split('/')[2];
      // The area itself may have a dash (mail-templates); a part follows it after one more.
      expect(r.group === area || r.group.startsWith(`${area}-`), `${routeKey(r)} in ${r.group}`).toBe(true);
    }
  });

  it('puts an authorizer on every route that is not public', () => {
    for (const r of routes) expect(r.auth, routeKey(r)).toBe(r.access.kind === 'public' ? 'public' : 'user');
  });
});

describe('the README', () => {
  it('documents who may call each route, as the access table says', async () => {
    const { accessTable, readmeAccessSection, readmePath } = await import('../../scripts/access-table');
    const fs = await import('node:fs');
    expect(readmeAccessSection(fs.readFileSync(readmePath, 'utf8'))).toBe(accessTable());
  });
});
