import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe evaluates in the page without Playwright's action timeouts: bounded here, so a stuck run fails
// with its own message instead of using up the whole test's time.
const axeTimeoutMs = 90_000;

/**
 * Every WCAG 2.1 A/AA violation axe-core finds on the page as it is now, one line each (none: []).
 * `exclude` leaves out parts that are not the product's own markup, such as a sandboxed preview of
 * an organisation's mail (axe would otherwise inject itself into that frame too).
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(wcag21aa);
  for (const selector of exclude) builder.exclude(selector);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe did not finish within ${axeTimeoutMs / 1000} s`)), axeTimeoutMs);
  });
  const result = await Promise.race([builder.analyze(), timedOut]).finally(() => clearTimeout(timer));
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
