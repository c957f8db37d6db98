// The table's design (docs/table-design.md), made from the entities in functions/src/store/.
// `npx tsx scripts/table-design.ts --write` rewrites its generated part; a unit test checks it is current.
import fs from 'node:fs';
import path from 'node:path';

interface KeyPart {
  field: string;
  template?: string;
  composite: readonly string[];
}
interface IndexDef {
  index?: string;
  pk: KeyPart;
  sk?: KeyPart;
}
interface EntitySchema {
  model: { entity: string };
  attributes: Record<string, unknown>;
  indexes: Record<string, IndexDef>;
}
interface FoundEntity {
  file: string;
  exportName: string;
  schema: EntitySchema;
  about: string;
}

const root = path.resolve(import.meta.dirname, '..');
const storeDir = path.join(root, 'functions', 'src', 'store');
/** The table's TTL attribute (infra/resources.ts `table.ttlAttribute`). */
const TTL = 'expiresAt';
/** Modules of the store that hold no entity. */
const notEntities = new Set(['attributes.ts', 'table.ts', 'transaction.ts']);

/** The prose of the doc comment right above `export const <name> = defineEntity(`, on one line. */
const docOf = (source: string, exportName: string): string => {
  const at = source.indexOf(`export const ${exportName} = defineEntity(`);
  const end = source.lastIndexOf('*/', at);
  const start = source.lastIndexOf('/**', end);
  if (at < 0 || end < 0 || start < 0 || source.slice(end + 2, at).trim()) return '';
  const lines = source
    .slice(start + 3, end)
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim());
  const table = lines.findIndex((l) => l.startsWith('|'));
  const prose = table < 0 ? lines : lines.slice(0, table);
  return prose.join(' ').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
};

/** Every entity of functions/src/store: each module's exports made by `defineEntity`. */
export const storeEntities = async (): Promise<FoundEntity[]> => {
  const files = fs
    .readdirSync(storeDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !notEntities.has(f))
    .sort();
  const found: FoundEntity[] = [];
  for (const file of files) {
    const mod = (await import(path.join(storeDir, file))) as Record<string, unknown>;
    const source = fs.readFileSync(path.join(storeDir, file), 'utf8');
    for (const [exportName, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      const schema = (value as { schema?: EntitySchema } | undefined)?.schema;
      if (typeof value === 'function' && schema?.model && schema.indexes)
        found.push({ file, exportName, schema, about: docOf(source, exportName) });
    }
  }
  return found;
};

/** `ORG#${orgId}` → `ORG#<orgId>`; a key without a template is its composite attributes joined. */
const keyText = (key: KeyPart | undefined) => {
  if (!key) return '—';
  const template = key.template ?? key.composite.map((c) => '${' + c + '}').join('#');
  return `\`${template.replace(/\$\{(\w+)\}/g, '<$1>')}\``;
};

export const tableDesign = async (): Promise<string> => {
  const entities = await storeEntities();
  const records = entities.map(
    (e) =>
      `| ${e.schema.model.entity} | [\`store/${e.file}\`](../functions/src/store/${e.file}) \`${e.exportName}\` | ${e.about || '—'} |`,
  );
  const patterns = entities.flatMap((e) =>
    Object.entries(e.schema.indexes).map(
      ([name, ix]) =>
        `| ${e.schema.model.entity} | \`${name}\` | ${ix.index ?? 'table'} | ${keyText(ix.pk)} | ${keyText(ix.sk)} | ${TTL in e.schema.attributes ? `yes (\`${TTL}\`)` : 'no'} |`,
    ),
  );
  // Which records share a partition, per index: what one query on that partition key can return.
  const partitions = new Map<string, Map<string, string[]>>();
  for (const e of entities)
    for (const ix of Object.values(e.schema.indexes)) {
      const index = ix.index ?? 'table';
      const byPk = partitions.get(index) ?? new Map<string, string[]>();
      partitions.set(index, byPk);
      const pk = keyText(ix.pk);
      byPk.set(pk, [...(byPk.get(pk) ?? []), `${e.schema.model.entity} ${keyText(ix.sk)}`]);
    }
  const indexOrder = (i: string) => (i === 'table' ? '' : i);
  const shared = [...partitions.entries()]
    .sort(([a], [b]) => indexOrder(a).localeCompare(indexOrder(b)))
    .flatMap(([index, byPk]) =>
      [...byPk.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([pk, members]) => `| ${index} | ${pk} | ${members.join('<br>')} |`),
    );
  return [
    `${entities.length} record kinds (entities), ${patterns.length} access patterns.`,
    '',
    '### Records',
    '',
    '| Entity | Defined in | What it holds |',
    '|---|---|---|',
    ...records,
    '',
    '### Access patterns',
    '',
    '| Entity | Access pattern | Index | Partition key | Sort key | Expires (TTL) |',
    '|---|---|---|---|---|---|',
    ...patterns,
    '',
    '### Partitions',
    '',
    'The records that share a partition key, per index (entity and sort key of each).',
    '',
    '| Index | Partition key | Records (sort key) |',
    '|---|---|---|',
    ...shared,
  ].join('\n');
};

const START = '<!-- table-design:start (regenerate with `npx tsx scripts/table-design.ts --write`) -->';
const END = '<!-- table-design:end -->';
export const designDocPath = path.join(root, 'docs', 'table-design.md');
export const generatedSection = (doc: string) =>
  doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END)).trim();

if (process.argv.includes('--write')) {
  const doc = fs.readFileSync(designDocPath, 'utf8');
  fs.writeFileSync(
    designDocPath,
    `${doc.slice(0, doc.indexOf(START) + START.length)}\n${await tableDesign()}\n${doc.slice(doc.indexOf(END))}`,
  );
}
