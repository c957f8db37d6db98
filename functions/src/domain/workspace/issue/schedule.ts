import { badRequest } from '@proofmark/shared/errors';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

/** A year and a day: further than that is a typo, not a plan. */
const MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000;

/** When a scheduled issue request is to run: undefined for now, refused in the past or too far ahead. */
export const scheduleTime = (scheduleAt: string | undefined, now = Date.now()): Date | undefined => {
  if (!scheduleAt) return undefined;
  const at = new Date(scheduleAt);
  if (at.getTime() <= now) throw badRequest(m.scheduleInPast);
  if (at.getTime() > now + MAX_SCHEDULE_MS) throw badRequest(m.scheduleTooFar);
  return at;
};
