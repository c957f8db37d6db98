import { describe, expect, it } from 'vitest';
import { healthResponse, dependencyNames } from '@proofmark/shared/api/system';
import { api } from './helpers';

describe('GET /api/health', () => {
  it('reports every dependency up on the local cloud', async () => {
    const res = await api('GET', '/api/health');
    const body = healthResponse.parse(res.body);
    expect(Object.keys(body.Data.dependencies).sort()).toEqual([...dependencyNames].sort());
    for (const name of dependencyNames)
      expect(body.Data.dependencies[name], name).toMatchObject({ up: true });
    expect(res.status).toBe(200);
    expect(body.Data.status).toBe('up');
  });

  it('answers unknown API paths with 404 and serves the SPA for client routes', async () => {
    expect((await api('GET', '/api/no-such-route')).status).toBe(404);
  });
});
