// The README's "who may call what" table, read off the contract (shared/src/contract/).
// `npx tsx scripts/access-table.ts --write` rewrites it in README.md; a unit test checks it is current.
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@proofmark/shared/contract';
import type { RouteAccess } from '@proofmark/shared/contract/define';

const describe = (a: RouteAccess): string => {
  switch (a.kind) {
    case 'public':
      return 'anyone (no token)';
    case 'self':
      return a.duringPasswordChange ? 'own account, also before the first password change' : 'own account';
    case 'read':
      return a.flag ? `any member with \`${a.flag}\`` : 'any member';
    case 'write':
      return a.flag ? `members with \`${a.flag}\`, not view-only` : 'any member who is not view-only';
    case 'mainAdmin':
      return 'main administrator only';
  }
};

export const accessTable = () =>
  ['| Route | Who may call it |', '|---|---|', ...Object.entries(contract).map(([key, route]) => `| \`${key}\` | ${describe(route.access)} |`)].join('\n');

const START = '<!-- access-table:start (regenerate with `npx tsx scripts/access-table.ts --write`) -->';
const END = '<!-- access-table:end -->';
export const readmePath = path.resolve(import.meta.dirname, '..', 'README.md');
export const readmeAccessSection = (readme: string) => readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();

if (process.argv.includes('--write')) {
  const readme = fs.readFileSync(readmePath, 'utf8');
  fs.writeFileSync(readmePath, `${readme.slice(0, readme.indexOf(START) + START.length)}\n${accessTable()}\n${readme.slice(readme.indexOf(END))}`);
}
