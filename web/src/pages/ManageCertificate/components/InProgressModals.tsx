import type { CertificateType } from '@proofmark/shared/certificate-types';
import { IssueModal } from './IssueModal';
import { PreviewModal } from './PreviewModal';
import { TopUpModal } from './TopUpModal';
import type { IssueFlow } from './useIssueFlow';

/** The In-Progress tab's dialogs: certificate preview, the issue form and the top-up offer. */
export function InProgressModals(props: {
  certtype: CertificateType;
  previewItems: string[] | undefined;
  onPreviewClosed: () => void;
  canValidate: boolean;
  onValidated: () => void;
  issueFlow: IssueFlow;
  /** What the issue form says is about to be issued. */
  issueWhat: string;
}) {
  const { issueFlow } = props;
  return (
    <>
      <PreviewModal
        items={props.previewItems}
        certtype={props.certtype}
        canValidate={props.canValidate}
        onValidated={props.onValidated}
        onClose={props.onPreviewClosed}
      />
      <IssueModal
        open={issueFlow.issueOpen}
        what={props.issueWhat}
        busy={issueFlow.issuing}
        error={issueFlow.issueError}
        onSubmit={issueFlow.submitIssue}
        onCancel={issueFlow.cancelIssue}
      />
      <TopUpModal
        open={issueFlow.topUp !== undefined}
        balance={issueFlow.topUp?.balance}
        busy={issueFlow.sendingTopUp}
        onSend={issueFlow.sendTopUp}
        onCancel={issueFlow.cancelTopUp}
      />
    </>
  );
}
