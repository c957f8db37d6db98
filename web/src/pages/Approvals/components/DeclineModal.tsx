import { Form, Input, Modal } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

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
      onOk={() => {
        void form
          .validateFields()
          .then((v) => onSubmit(v.reason.trim()))
          .catch(() => undefined);
      }}
    >
      <Form form={form} layout="vertical" name="ap-decline" aria-label="Decline" requiredMark={false}>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, whitespace: true, message: m.declineReason }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
