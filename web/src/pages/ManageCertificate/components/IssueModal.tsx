import { useState } from 'react';
import { Checkbox, DatePicker, Form } from 'antd';
import { FormModal } from '../../../forms/FormModal';
import { CredentialFields } from './CredentialFields';
import type { Credentials } from './CredentialFields';
import { IrreversibleAlerts } from './IrreversibleAlerts';
import { scheduleProblem } from './schedule-time';

/** The picker's value (a dayjs date); only its Date is used. */
type PickedDate = { toDate(): Date };

export interface IssueSubmission extends Credentials {
  /** Made when the dialog opens: pressing Ok twice (or a retried call) is one issuance. */
  requestId: string;
  /** ISO date-time; absent: issue now. */
  scheduleAt?: string;
}

interface IssueModalProps {
  open: boolean;
  /** How many certificates, for the warning ("3 certificates" / "the whole cohort"). */
  what: string;
  busy: boolean;
  /** The server's refusal (wrong password, balance…), shown in the dialog. */
  error: string | undefined;
  onSubmit: (values: IssueSubmission) => void;
  onCancel: () => void;
}

/**
 * Issue confirmation (§2.5, §4): issuing is irreversible, so the user confirms with their email and
 * password; it may be scheduled for later. The request id is made when the dialog opens, so a
 * double click is one issuance, one batch, one debit.
 */
export function IssueModal({ open, what, busy, error, onSubmit, onCancel }: IssueModalProps) {
  const [form] = Form.useForm<Credentials & { later: boolean; at?: PickedDate }>();
  const [requestId, setRequestId] = useState('');
  const later = Form.useWatch('later', form) === true;

  return (
    <FormModal
      form={form}
      open={open}
      title="Issue Certificate"
      okText="Ok"
      busy={busy}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (visible) setRequestId(crypto.randomUUID());
      }}
      onValid={(values) => {
        const at = values.later && values.at ? values.at.toDate() : undefined;
        onSubmit({
          email: values.email.trim(),
          password: values.password,
          requestId: requestId || crypto.randomUUID(),
          ...(at ? { scheduleAt: at.toISOString() } : {}),
        });
      }}
      name="mc-issue"
      label="Issue certificates"
    >
      <IrreversibleAlerts
        title={`You are about to issue ${what} to the blockchain.`}
        description="Issuing is irreversible: once anchored, a certificate can only be revoked, never deleted."
        error={error}
      />
      <CredentialFields />
      <Form.Item name="later" valuePropName="checked" style={{ marginBottom: later ? 8 : 0 }}>
        <Checkbox>Schedule for later</Checkbox>
      </Form.Item>
      {later && (
        <Form.Item
          label="Issue at"
          name="at"
          rules={[
            { required: true, message: 'Please choose a date and time.' },
            {
              validator: async (_, value: PickedDate | undefined) => {
                const problem = value ? scheduleProblem(value.toDate()) : undefined;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.endOf('day').valueOf() < Date.now()}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
