import { useCallback, useState } from 'react';
import { ApiError } from '../../../api/client';
import { fieldProblems } from '../../../api/envelope';

/** A page-level alert (§8): green for success, warning/error with the server's message otherwise. */
export interface Notice {
  type: 'success' | 'info' | 'warning' | 'error';
  text: string;
  /** Bad rows or files of a refused upload: where (`row 7`, a file name) and why. */
  problems?: { where: string; reason: string }[];
}

/**
 * The text for a failed call: the server's message when it answered (every error answer carries
 * one), else the §8 fallback of the action (e.g. 'Oops, Went something wrong').
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return fallback;
}

/** A failure as a notice: 4xx answers are warnings (the user can fix them), the rest errors. */
export function failureNotice(error: unknown, fallback: string): Notice {
  const problems = fieldProblems(error).map((p) => ({ where: p.path, reason: p.message }));
  const warning = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return {
    type: warning ? 'warning' : 'error',
    text: failureText(error, fallback),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** The page's notice (§8): showing one scrolls up to where it stands; setNotice(undefined) clears it. */
export function usePageNotice() {
  const [notice, setNotice] = useState<Notice>();
  const show = useCallback((next: Notice) => {
    setNotice(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);
  return { notice, setNotice, show };
}
