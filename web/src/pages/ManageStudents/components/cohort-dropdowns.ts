import type { CohortOption } from '@proofmark/shared/recipients/rules';

/* The chained cohort dropdowns (§2.1 cohort search mode 1). */

/** The options of dropdown `level`, given the parts chosen in the dropdowns before it. */
export function dropdownOptions(
  dropdowns: Record<string, readonly CohortOption[]>,
  chosen: readonly string[],
  level: number,
): CohortOption[] {
  const parent = chosen.slice(0, level).join('-');
  return (dropdowns[`cohort_${level}`] ?? []).filter((o) => o.parent === parent);
}

/**
 * The parts after choosing `value` in dropdown `level`: later choices are dropped, because their
 * options depend on this one. Clearing (undefined) drops this level too.
 */
export function chooseLevel(chosen: readonly string[], level: number, value: string | undefined): string[] {
  const kept = chosen.slice(0, level);
  return value === undefined || value === '' ? kept : [...kept, value];
}

/** How many dropdowns to show: the chosen ones, plus one more while it has options. */
export function visibleLevels(
  dropdowns: Record<string, readonly CohortOption[]>,
  chosen: readonly string[],
): number {
  let levels = 1;
  while (levels <= chosen.length && dropdownOptions(dropdowns, chosen, levels).length > 0) levels += 1;
  return levels;
}
