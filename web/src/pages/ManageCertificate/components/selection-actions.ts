import { useMutation } from '@tanstack/react-query';
import type { Verdict } from '@proofmark/shared/workspace/rules';
import type { Selection } from '../../../api/workspace';
import { failureNotice } from '../../ManageStudents/components/notices';
import type { Notice } from '../../ManageStudents/components/notices';
import type { TabProps } from './tab-props';

/**
 * Applies a shared rule before any call (§5): a refusal shows the spec's message at once and
 * nothing is sent. Returns whether the action may go on.
 */
export const allowed = (verdict: Verdict, onNotice: (notice: Notice) => void): boolean => {
  if (verdict.ok) return true;
  onNotice({ type: 'warning', text: verdict.message });
  return false;
};

/** A quick action on the selection (reset, review, hold, unhold): its message, then the lists refresh. */
export function useSelectionAction(
  call: (body: Selection) => Promise<{ message: string }>,
  selection: Selection,
  done: string,
  { onChanged, onNotice }: Pick<TabProps, 'onChanged' | 'onNotice'>,
) {
  return useMutation({
    mutationFn: () => call(selection),
    onSuccess: (answer) => onChanged({ type: 'success', text: answer.message || done }),
    onError: (error) => onNotice(failureNotice(error, 'failed')),
  });
}
