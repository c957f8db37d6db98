import type { ErrorBody } from '@proofmark/shared/api/envelope';
import { ApiError } from './client';

/** Every answer of the API: spec §3 "All responses carry Status, message and Data". */
export interface Answer<T = null> {
  Status: number;
  message: string;
  Data: T;
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** The per-field problems a 400 answer names (`details`), empty for any other failure. */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const details = (error.body as Partial<ErrorBody> | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldProblem => typeof d?.path === 'string' && typeof d?.message === 'string',
  );
}

/** The text to show for a failed call: the server's own message when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}
