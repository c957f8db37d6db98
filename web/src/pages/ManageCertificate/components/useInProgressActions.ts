import { useMutation } from '@tanstack/react-query';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import type { Selection } from '../../../api/workspace';
import { workspaceApi } from '../../../api/workspace';
import { failureNotice, failureText } from '../../ManageStudents/components/notices';
import { generateFailureText, isInsufficientBalance, messageOf, zipFailureText } from '../failureText';
import { openDownload } from './open-download';
import { useSelectionAction } from './selection-actions';
import type { TabProps } from './tab-props';

/**
 * The In-Progress tab's actions on the selection other than issuing (useIssueFlow): generate and
 * bake start runs, the zip downloads at once, validate goes cohort by cohort, reset and review
 * change statuses. A bake refused for balance offers the top-up (`onNoBalance`).
 */
export function useInProgressActions(
  sel: Selection,
  props: Pick<TabProps, 'onRun' | 'onNotice' | 'onChanged'>,
  onNoBalance: () => void,
) {
  const { onRun, onNotice, onChanged } = props;

  const generate = useMutation({
    mutationFn: () => workspaceApi.generate(sel),
    onSuccess: (answer) => onRun(answer.data),
    onError: (error) =>
      onNotice({
        ...failureNotice(error, 'failed'),
        text: generateFailureText(failureText(error, 'failed')),
      }),
  });

  const bake = useMutation({
    mutationFn: () => workspaceApi.bake({ ...sel, requestId: crypto.randomUUID() }),
    onSuccess: (answer) => onRun(answer.data),
    onError: (error) => {
      if (isInsufficientBalance(messageOf(error))) onNoBalance();
      else onNotice(failureNotice(error, 'failed'));
    },
  });

  const zip = useMutation({
    mutationFn: () => workspaceApi.downloadZip(sel),
    onSuccess: (answer) => {
      openDownload(answer.data.url);
      onNotice({ type: 'success', text: m.downloadDone });
    },
    onError: (error) => onNotice({ ...failureNotice(error, m.downloadFailed), text: zipFailureText(error) }),
  });

  const validateCohort = useMutation({
    mutationFn: async (cohorts: string[]) => {
      let last = '';
      for (const cohort of cohorts) last = (await workspaceApi.validate({ certtype: sel.certtype, cohort })).message;
      return last;
    },
    onSuccess: (message) => onChanged({ type: 'success', text: message || m.validated }),
    onError: (error) => onNotice(failureNotice(error, 'failed')),
  });

  const reset = useSelectionAction(workspaceApi.reset, sel, m.resetDone, props);
  const review = useSelectionAction(workspaceApi.review, sel, m.reviewSent, props);

  return { generate, bake, zip, validateCohort, reset, review };
}

export type InProgressActions = ReturnType<typeof useInProgressActions>;
