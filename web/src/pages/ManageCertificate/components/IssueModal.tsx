import { useState } from 'react';
import { Alert, Checkbox, DatePicker, Form, Modal } from 'antd';
import { submitWhenValid } from '../../../forms/submitWhenValid';
import { CredentialFields } from './CredentialFields';
import type { Credentials } from './CredentialFields';
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
    <Modal
      open={open}
      title="Issue Certificate"
      okText="Ok"
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) setRequestId(crypto.randomUUID());
      }}
      onOk={() =>
        submitWhenValid(form, (values) => {
          const at = values.later && values.at ? values.at.toDate() : undefined;
          onSubmit({
            email: values.email.trim(),
            password: values.password,
            requestId: requestId || crypto.randomUUID(),
            ...(at ? { scheduleAt: at.toISOString() } : {}),
          });
        })
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="mc-issue"
        aria-label="Issue certificates"
        requiredMark={false}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`You are about to issue ${what} to the blockchain.`}
          description="Issuing is irreversible: once anchored, a certificate can only be revoked, never deleted."
        />
        {error !== undefined && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
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
      </Form>
    </Modal>
  );
}
