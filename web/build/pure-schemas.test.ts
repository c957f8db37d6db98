import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureContractSchemas } from './pure-schemas';

type Transform = (this: unknown, code: string, id: string) => { code: string } | null;

const transform = (code: string, id = '/repo/shared/src/contract/profile.ts') =>
  (pureContractSchemas().transform as Transform).call({ parse: (c: string) => parseAst(c) }, code, id)?.code;

describe('the build plugin that lets unused contract schemas go', () => {
  it("wraps each top-level call of a contract module's declarations in a pure call of the same value", () => {
    // Non-ASCII text before a declaration: the parser's offsets are the string's.
    const code =
      'const label = "Émile — “ok”"; export const a = z.string().min(1, label); const b = 1; ' +
      'export const c = envelope(a), d = { a };\n';
    const out = transform(code)!;
    expect(out).toBe(
      'const label = "Émile — “ok”"; export const a = /* @__PURE__ */ (() => z.string().min(1, label))(); ' +
        'const b = 1; export const c = /* @__PURE__ */ (() => envelope(a))(), d = { a };\n',
    );
    // Evaluated, the module still gives the same values.
    const evaluate = (source: string) =>
      new Function('z', 'envelope', `${source.replace(/export /g, '')}; return { a, c, d };`)(
        { string: () => ({ min: (n: number, l: string) => ({ n, l }) }) },
        (x: unknown) => ({ wrapped: x }),
      );
    expect(evaluate(out)).toEqual(evaluate(code));
  });

  it('leaves other modules, and modules without such declarations, as they are', () => {
    expect(transform('export const a = z.string();', '/repo/shared/src/settings/rules.ts')).toBeUndefined();
    expect(
      transform('z.config({}); export const n = 1; export function f() { return z.string(); }'),
    ).toBeUndefined();
  });
});
