import { Form } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FormModal } from '../../../forms/FormModal';
import { CredentialFields } from './CredentialFields';
import type { Credentials } from './CredentialFields';
import { IrreversibleAlerts } from './IrreversibleAlerts';
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
    <FormModal
      form={form}
      open={open}
      title="Revoke Certificate"
      okText="Ok"
      danger
      busy={busy}
      onCancel={onCancel}
      onValid={(v) =>
        onSubmit({ email: v.email.trim(), password: v.password, revokereason: v.revokereason.trim() })
      }
      name="mc-revoke"
      label="Revoke certificates"
    >
      <IrreversibleAlerts
        title={`You are about to revoke ${count === 1 ? '1 certificate' : `${count} certificates`}.`}
        description="Revoking is irreversible: every verifier will show the certificate as revoked, with your reason."
        error={error}
      />
      <CredentialFields />
      <ReasonField name="revokereason" message={m.revokeReason} />
    </FormModal>
  );
}
