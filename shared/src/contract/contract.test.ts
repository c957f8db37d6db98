import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { contract, routeKeys } from './index';

describe('the contract', () => {
  it.each(routeKeys)('%s: method and path are its key', (key) => {
    const route = contract[key];
    expect(`${route.method} ${route.path}`).toBe(key);
    expect(route.path).toMatch(/^\/api\//);
  });

  it('names each path parameter in the params schema when it has one', () => {
    for (const key of routeKeys) {
      const route = contract[key] as { path: string; params?: z.ZodType };
      if (!route.params) continue;
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys((route.params as z.ZodObject).shape).sort(), key).toEqual(names);
    }
  });

  it('gives every route a Data schema and an access rule', () => {
    for (const key of routeKeys) {
      expect(contract[key].data, key).toBeInstanceOf(z.ZodType);
      expect(['public', 'self', 'read', 'write', 'mainAdmin'], key).toContain(contract[key].access.kind);
    }
  });
});
