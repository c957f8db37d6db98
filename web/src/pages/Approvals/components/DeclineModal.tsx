import { Form, Modal } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { submitWhenValid } from '../../../forms/submitWhenValid';
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
    <Modal
      open={open}
      title="Decline"
      okText="Decline"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
      onOk={() => submitWhenValid(form, (v) => onSubmit(v.reason.trim()))}
    >
      <Form form={form} layout="vertical" name="ap-decline" aria-label="Decline" requiredMark={false}>
        <ReasonField name="reason" message={m.declineReason} />
      </Form>
    </Modal>
  );
}
