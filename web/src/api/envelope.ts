import type { FieldIssue } from '@proofmark/shared/errors';
import { ApiError } from './client';

export type FieldProblem = FieldIssue;

/** The per-field problems a 400 answer names (`details`), empty for any other failure. */
export function fieldProblems(error: unknown): FieldProblem[] {
  return error instanceof ApiError ? (error.details ?? []) : [];
}

/** The text to show for a failed call: the server's own message when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}
