import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order, with the outage file first. Vitest orders projects by name, so the outage
 * file (one file of three to four minutes that starts its own product) came after the cloud and
 * infra files and ran alone at the end while the other worker had nothing left to do.
 */
export class OutageFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const outage = (f: TestSpecification) => f.project.name === 'outage';
    return [...sorted.filter(outage), ...sorted.filter((f) => !outage(f))];
  }
}
