import { Alert, Form, Modal } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { submitWhenValid } from '../../../forms/submitWhenValid';
import { CredentialFields } from './CredentialFields';
import type { Credentials } from './CredentialFields';
import { ReasonField } from './ReasonField';

export interface RevokeSubmission extends Credentials {
  revokereason: string;
}

interface RevokeModalProps {
  open: boolean;
  count: number;
  busy: boolean;
  error: string | undefined;
  onSubmit: (values: RevokeSubmission) => void;
  onCancel: () => void;
}

/** Revoke confirmation (§2.5, §5): irreversible; email, password and a reason. */
export function RevokeModal({ open, count, busy, error, onSubmit, onCancel }: RevokeModalProps) {
  const [form] = Form.useForm<RevokeSubmission>();
  return (
    <Modal
      open={open}
      title="Revoke Certificate"
      okText="Ok"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
      onOk={() =>
        submitWhenValid(form, (v) =>
          onSubmit({ email: v.email.trim(), password: v.password, revokereason: v.revokereason.trim() }),
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="mc-revoke"
        aria-label="Revoke certificates"
        requiredMark={false}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`You are about to revoke ${count === 1 ? '1 certificate' : `${count} certificates`}.`}
          description="Revoking is irreversible: every verifier will show the certificate as revoked, with your reason."
        />
        {error !== undefined && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
        <CredentialFields />
        <ReasonField name="revokereason" message={m.revokeReason} />
      </Form>
    </Modal>
  );
}
