import { Form } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FormModal } from '../../../forms/FormModal';
import { ReasonField } from '../../ManageCertificate/components/ReasonField';

interface DeclineModalProps {
  open: boolean;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** Decline (§2.6): the reason is required and kept on the declined rows. */
export function DeclineModal({ open, busy, onSubmit, onCancel }: DeclineModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal
      form={form}
      open={open}
      title="Decline"
      okText="Decline"
      danger
      busy={busy}
      onCancel={onCancel}
      onValid={(v) => onSubmit(v.reason.trim())}
      name="ap-decline"
      label="Decline"
    >
      <ReasonField name="reason" message={m.declineReason} />
    </FormModal>
  );
}
