import type { RunView } from '@proofmark/shared/contract/workspace';
import type { CertificateParentRow } from '@proofmark/shared/contract/workspace';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { Notice } from '../../ManageStudents/components/notices';

/** The card look of the workspace and approval screens. */
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
