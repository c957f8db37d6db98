import { dashboardYears } from '@proofmark/shared/contract/dashboard';

/**
 * The dashboard's period (§2, §9): Monthly shows the months of the current year; Yearly shows the
 * years from 2018 to the chosen end year (30 choices from 2018).
 */
export type TimeType = 'month' | 'year';

export const currentYear = (now = new Date()) => now.getUTCFullYear();

export const periodFor = (timetype: TimeType, endYear: number, now = new Date()) =>
  timetype === 'month'
    ? { timetype, start: `${currentYear(now)}-01`, end: `${currentYear(now)}-12` }
    : { timetype, start: String(dashboardYears[0]), end: String(endYear) };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar`, `2026` → `2026`. */
export const axisLabel = (label: string) =>
  /^\d{4}-\d{2}$/.test(label) ? monthNames[Number(label.slice(5)) - 1]! : label;

/** The end year the Yearly view opens with: this year, within the 30 choices. */
export const defaultEndYear = (now = new Date()) =>
  Math.min(Math.max(currentYear(now), dashboardYears[0]!), dashboardYears.at(-1)!);
