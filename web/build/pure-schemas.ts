import type { Plugin } from 'vite';

/** The shared contract's modules: each builds its zod schemas when it is evaluated. */
const CONTRACT_MODULE = /[\\/]shared[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * Lets the build drop the contract's schemas a screen never uses. A contract module builds all of
 * its schemas when it is evaluated (the profile's: some 480), while a screen uses a few of them
 * to check its forms: the route tables and the answers' schemas are the server's, and the SPA's
 * client reads only their types. Rollup keeps a top-level call whose result nobody uses unless it
 * knows the call has no side effects, which it cannot tell for zod's chains
 * (`z.string().trim().max(200)`), and its `manualPureFunctions` do not reach zod's functions
 * through `import * as z`. So each top-level `const x = <call>` of a contract module becomes a
 * call of a function annotated as pure that returns the same value: the same evaluation, in the
 * same order, and dropped with everything only it uses when `x` is not imported.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'proofmark-pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations ?? [])
          if (d.init?.type === 'CallExpression') inits.push(d.init);
      }
      if (!inits.length) return null;
      let out = code;
      // From the last to the first, so that earlier offsets stay valid.
      for (const init of inits.sort((a, b) => b.start - a.start))
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
      return { code: out, map: null };
    },
  };
}
