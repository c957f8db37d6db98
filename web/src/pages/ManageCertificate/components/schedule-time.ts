import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

/* The time a scheduled issue may be set for. */

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** The scheduled time's problem, if any: it must lie ahead, and at most a year ahead. */
export function scheduleProblem(at: Date, now = new Date()): string | undefined {
  if (at.getTime() <= now.getTime()) return m.scheduleInPast;
  if (at.getTime() - now.getTime() > YEAR_MS) return m.scheduleTooFar;
  return undefined;
}
