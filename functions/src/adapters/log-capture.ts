import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For unit tests of code that logs: the logger (./logger.ts) writes JSON lines to stdout and
 * stderr; in each test of the file that calls this they are caught (nothing reaches the terminal)
 * and its error records read back.
 * `const { errors } = captureLogs(); ... expect(errors()).toHaveLength(1)`.
 */
export const captureLogs = () => {
  let lines: string[] = [];
  beforeEach(() => {
    lines = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  });
  afterEach(() => vi.restoreAllMocks());
  const records = () =>
    lines
      .flatMap((l) => l.split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    errors: () => records().filter((l) => l.level === 'ERROR'),
    /** The embedded-metric-format lines (./metrics.ts). */
    metrics: () => records().filter((l) => '_aws' in l),
  };
};
