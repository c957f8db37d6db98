import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { hasEnoughBalance } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { workspaceApi } from '../../../api/workspace';
import { failureNotice, failureText } from '../../ManageStudents/components/notices';
import type { Notice } from '../../ManageStudents/components/notices';
import { isInsufficientBalance, issueFailureText } from '../failureText';
import type { IssueSubmission } from './IssueModal';

interface IssueFlowOptions {
  certtype: CertificateType;
  /** The selected recipient rows, or the whole cohort a checked cohort row stands for. */
  items: string[];
  wholeCohort: string | undefined;
  /** How many certificates the issue would spend (the balance check, §5). */
  count: number;
  onRun: (run: RunView) => void;
  onNotice: (notice: Notice) => void;
}

/**
 * Issuing (§2.5, §5, §7): the balance is checked first (a failed check counts as 0); enough opens
 * the issue form, too little the top-up offer, which also follows an issue refused for balance.
 */
export function useIssueFlow({ certtype, items, wholeCohort, count, onRun, onNotice }: IssueFlowOptions) {
  const [issueOpen, setIssueOpen] = useState(false);
  const [issueError, setIssueError] = useState<string>();
  const [topUp, setTopUp] = useState<{ balance?: number }>();

  const balance = useMutation({
    mutationFn: () =>
      workspaceApi
        .balance()
        .then((answer) => answer.data.balance)
        // §7: a failed balance call counts as 0.
        .catch(() => 0),
    onSuccess: (current) => {
      const enough = hasEnoughBalance(current, count, wholeCohort !== undefined);
      if (enough) {
        setIssueError(undefined);
        setIssueOpen(true);
      } else setTopUp({ balance: current });
    },
  });

  const issue = useMutation({
    mutationFn: (values: IssueSubmission) =>
      workspaceApi.issue({
        ...values,
        certtype,
        ...(wholeCohort !== undefined
          ? { selectedCohort: wholeCohort, selectedItems: [] }
          : { selectedItems: items }),
      }),
    onSuccess: (answer) => {
      setIssueOpen(false);
      onRun(answer.data);
    },
    onError: (error) => {
      const text = issueFailureText(failureText(error, 'failed'));
      if (isInsufficientBalance(text)) {
        setIssueOpen(false);
        setTopUp({});
      } else setIssueError(text);
    },
  });

  const sendTopUp = useMutation({
    mutationFn: () => workspaceApi.topUp(),
    onSuccess: (answer) => {
      setTopUp(undefined);
      onNotice({ type: 'success', text: answer.message || m.topUpSent });
    },
    onError: (error) => {
      setTopUp(undefined);
      onNotice(failureNotice(error, m.topUpMailFailed));
    },
  });

  return {
    /** Checks the balance, then opens the issue form or the top-up offer. */
    start: () => balance.mutate(),
    checking: balance.isPending,
    issueOpen,
    issueError,
    issuing: issue.isPending,
    submitIssue: (values: IssueSubmission) => {
      setIssueError(undefined);
      issue.mutate(values);
    },
    cancelIssue: () => setIssueOpen(false),
    /** The top-up offer, when open: with the balance when it was read. */
    topUp,
    /** A bake refused for balance offers the top-up too. */
    offerTopUp: () => setTopUp({}),
    sendingTopUp: sendTopUp.isPending,
    sendTopUp: () => sendTopUp.mutate(),
    cancelTopUp: () => setTopUp(undefined),
  };
}

export type IssueFlow = ReturnType<typeof useIssueFlow>;
