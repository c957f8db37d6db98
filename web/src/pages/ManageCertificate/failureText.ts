import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { ApiError } from '../../api/client';

/*
 * Spec §8: what the old product's low-level failures become on screen (the texts are in the shared
 * messages). The server already answers with our own messages, so these only catch what a chain
 * client or the file system may still let through.
 */

/** The message of a failed call, or '' when there was no answer with one (network, aborted). */
export const messageOf = (error: unknown): string => (error instanceof ApiError ? error.message.trim() : '');

/** Issue (§8): a missing generated file or an underfunded chain wallet, else the server's message. */
export function issueFailureText(message: string): string {
  if (message.includes('No such file or directory')) return m.generateFirst;
  if (message.includes('InsufficientFundsError') || message.includes('Broadcasting failed'))
    return m.balanceNotSufficient;
  return message;
}

/** Generate (§8): 'No such file or directory.' means a selected row has nothing to render from. */
export function generateFailureText(message: string): string {
  return message.includes('No such file or directory') ? m.checkSelectedItems : message;
}

/**
 * Preview (§8, §5): a failure to read the rendered certificate means there is none yet; so does a
 * failure without a message of ours (network, server error).
 */
export function previewFailureText(error: unknown): string {
  const message = messageOf(error);
  const serverFault = !(error instanceof ApiError) || error.status >= 500;
  if (
    serverFault ||
    message === '' ||
    message.includes('Cannot read property displayHtml of null') ||
    message.includes('Unexpected end of JSON input')
  )
    return m.noGeneratedCertificates;
  return message;
}

/** Direct zip download (§8): the server's message, else the status text, else the spec's fallback. */
export function zipFailureText(error: unknown): string {
  return messageOf(error) || m.downloadFailed;
}

/** Whether a refused issue (or bake) means the organisation's balance is too low: TOP UP opens (§5). */
export const isInsufficientBalance = (message: string): boolean => message === m.insufficientBalance;
