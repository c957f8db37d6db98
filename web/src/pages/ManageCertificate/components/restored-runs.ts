import type { RunView } from '@proofmark/shared/contract/workspace';
import { isRunFinished } from '@proofmark/shared/workspace/rules';

/* Runs a page opened again (a reload during a run) shows, and the ones the user dismissed. */

/** How long a run that finished cleanly is still shown to a page opened after it (a reload during the run). */
export const CLEAN_RUN_SHOWN_MS = 5 * 60_000;

/** Dismissed run ids remembered per organisation (the newest ones; older runs leave the server's list anyway). */
export const DISMISSED_RUNS_KEPT = 200;

/**
 * Which of the server's runs (active and recently finished, newest first) a freshly opened page
 * shows: unfinished ones, finished ones with failures until dismissed, and ones that finished
 * cleanly moments ago (the reload raced the end of the run).
 */
export const runsToRestore = (
  runs: RunView[],
  dismissed: ReadonlySet<string>,
  now: number = Date.now(),
): RunView[] =>
  runs.filter((r) => {
    if (dismissed.has(r.id)) return false;
    if (!isRunFinished(r)) return true;
    if (r.state === 'failed' || r.failed > 0) return true;
    return now - Date.parse(r.updatedAt) < CLEAN_RUN_SHOWN_MS;
  });

/** The stored list of dismissed run ids, read back leniently (anything else is no list). */
export const parseDismissedRuns = (raw: string | null): string[] => {
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const withDismissedRun = (ids: string[], id: string): string[] =>
  [id, ...ids.filter((x) => x !== id)].slice(0, DISMISSED_RUNS_KEPT);
