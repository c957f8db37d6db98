import { useMutation } from '@tanstack/react-query';
import type { RunView } from '@proofmark/shared/api/workspace';
import type { CertificateParentRow } from '@proofmark/shared/api/workspace';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { Verdict } from '@proofmark/shared/workspace/rules';
import type { Answer } from '../../../api/envelope';
import type { Selection } from '../../../api/workspace';
import { failureNotice } from '../../ManageStudents/components/notices';
import type { Notice } from '../../ManageStudents/components/notices';

export const cardStyle = { boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.05)' };

/** What the page hands each tab: its rows, its selection, and where results go. */
export interface TabProps {
  certtype: CertificateType;
  tree: readonly CertificateParentRow[];
  loading: boolean;
  emptyText: string;
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
  /** No cohorts yet: actions are disabled (§8). */
  disabled: boolean;
  onNotice: (notice: Notice) => void;
  /** A long action answered a run: the page follows it. */
  onRun: (run: RunView) => void;
  /** Something changed: the lists are refetched and the selection cleared. */
  onChanged: (notice: Notice) => void;
}

/**
 * Applies a shared rule before any call (§5): a refusal shows the spec's message at once and
 * nothing is sent. Returns whether the action may go on.
 */
export const allowed = (verdict: Verdict, onNotice: (notice: Notice) => void): boolean => {
  if (verdict.ok) return true;
  onNotice({ type: 'warning', text: verdict.message });
  return false;
};

/**
 * Starts the download of a zip the server prepared, without leaving the screen. The link opens in
 * this tab, not a new one: it is often followed after polling, long after the click, and browsers
 * block a new tab opened without a recent click; a zip (application/zip) in this tab downloads and
 * the page stays.
 */
export function openDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A quick action on the selection (reset, review, hold, unhold): its message, then the lists refresh. */
export function useSelectionAction(
  call: (body: Selection) => Promise<Answer<unknown>>,
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
