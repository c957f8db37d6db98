import { createElement, lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Screen = () => createElement('p', null, 'the screen');
const module = { default: Screen as ComponentType };

/** The markup of a component under a boundary whose fallback reads "waiting". */
const rendered = (Component: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(Component)));

describe('a preloadable component', () => {
  it('suspends while its code is not in', () => {
    const part = preloadable(() => new Promise<typeof module>(() => undefined));
    expect(rendered(part.Component)).toContain('waiting');
  });

  it('renders at once once its code is in, where React.lazy would still suspend', async () => {
    let imports = 0;
    const importer = () => {
      imports += 1;
      return Promise.resolve(module);
    };
    const part = preloadable(importer);
    await Promise.all([part.load(), part.load()]);
    expect(rendered(part.Component)).toContain('the screen');
    expect(rendered(part.Component)).not.toContain('waiting');
    // One request for the early start, the second start and the render.
    expect(imports).toBe(1);
    // Why it exists: React.lazy with the same module already loaded still shows the fallback first.
    expect(rendered(lazy(importer))).toContain('waiting');
  });

  it('tries a failed load again on the next call', async () => {
    let attempts = 0;
    const part = preloadable(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve(module);
    });
    await expect(part.load()).rejects.toThrow('chunk missing');
    await expect(part.load()).resolves.toBe(module);
    expect(attempts).toBe(2);
    expect(rendered(part.Component)).toContain('the screen');
  });
});
