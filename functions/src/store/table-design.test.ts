import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designDocPath, generatedSection, storeEntities, tableDesign } from '../../../scripts/table-design';

describe('docs/table-design.md', () => {
  it('is what scripts/table-design.ts writes from the entities now', async () => {
    expect(generatedSection(fs.readFileSync(designDocPath, 'utf8'))).toBe(await tableDesign());
    // It imports every entity module: seconds on a busy machine.
  }, 60_000);

  it('documents every module of the store that defines an entity, each with what it holds', async () => {
    const entities = await storeEntities();
    const files = fs
      .readdirSync(new URL('.', import.meta.url))
      .filter(
        (f) =>
          /defineEntity\(/.test(fs.readFileSync(new URL(f, import.meta.url), 'utf8')) &&
          !f.endsWith('.test.ts') &&
          f !== 'table.ts',
      );
    expect([...new Set(entities.map((e) => e.file))].sort()).toEqual(files.sort());
    for (const e of entities) expect(e.about, e.file).not.toBe('');
  });
});
