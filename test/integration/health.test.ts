import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { healthResponse, dependencyNames } from '@proofmark/shared/contract/system';
import { api, cloud } from './helpers';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const verifierDist = fileURLToPath(new URL('../../web/dist-verifier', import.meta.url));

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

  it('answers unknown API paths with 404 and serves the built SPA for client routes', async () => {
    expect((await api('GET', '/api/no-such-route')).status).toBe(404);
    // The test setup builds the web app (as `npm start` does): the app, a client route (history
    // fallback) and a hashed asset the page names all come from web/dist.
    const page = async (path: string) => {
      const res = await fetch(`${cloud().appUrl}${path}`);
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
    };
    const index = readFileSync(join(webDist, 'index.html'), 'utf8');
    for (const path of ['/', '/login']) {
      const res = await page(path);
      expect(res, path).toMatchObject({ status: 200, body: index });
      expect(res.type, path).toMatch(/^text\/html/);
    }
    // The public verifier is its own build (web/dist-verifier), served at /verify and below.
    const verifier = await page('/verify/some-college?id=x');
    expect(verifier).toMatchObject({
      status: 200,
      body: readFileSync(join(verifierDist, 'index.html'), 'utf8'),
    });
    expect(verifier.type).toMatch(/^text\/html/);
    expect(index).toContain('<div id="root"></div>');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const asset = await page(script!);
    expect(asset.status).toBe(200);
    expect(asset.body).toBe(readFileSync(join(webDist, script!), 'utf8'));
  });
});
