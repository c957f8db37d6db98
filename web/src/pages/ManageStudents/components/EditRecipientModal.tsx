import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { EMAIL_RE } from '@proofmark/shared/recipients/rules';
import { useMutation } from '@tanstack/react-query';
import { recipientsApi } from '../../../api/recipients';
import type { TableRow } from './recipient-rows';
import { failureNotice } from './notices';
import type { Notice } from './notices';

interface Values {
  firstname: string;
  middlename: string;
  lastname: string;
  newemail: string;
  secondemailaddress: string;
}

interface EditRecipientModalProps {
  row: TableRow | undefined;
  certtype: CertificateType;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}

/** Edit a recipient's names and email (§2.1, §7 update recipient). */
export function EditRecipientModal({ row, certtype, onClose, onDone }: EditRecipientModalProps) {
  const [form] = Form.useForm<Values>();
  const update = useMutation({
    mutationFn: (values: Values) =>
      recipientsApi.update({
        selectedCertType: certtype,
        selectedcoid: row!.cohortid,
        selectedstdid: row!.studentid,
        firstname: values.firstname,
        middlename: values.middlename ?? '',
        lastname: values.lastname ?? '',
        newemail: values.newemail,
        secondemailaddress: values.secondemailaddress ?? '',
      }),
    onSuccess: (answer) => onDone({ type: 'success', text: answer.message || m.recipientUpdated }),
  });

  useEffect(() => {
    if (row === undefined) return;
    update.reset();
    form.setFieldsValue({
      firstname: row.field1,
      middlename: row.field2,
      lastname: row.field3,
      newemail: row.field4,
      secondemailaddress: row.secondemailaddress,
    });
  }, [row, form]);

  const error = update.isError ? failureNotice(update.error, m.genericFailure) : undefined;

  return (
    <Modal
      open={row !== undefined}
      title={row === undefined ? 'Edit student' : `Edit student ${row.studentid}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" requiredMark="optional" onFinish={(values) => update.mutate(values)}>
        <Form.Item label="First name" name="firstname" rules={[{ required: true, whitespace: true, message: m.firstNameRequired }, { max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Middle name" name="middlename" rules={[{ max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="lastname" rules={[{ max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="newemail"
          rules={[{ required: true, pattern: EMAIL_RE, message: m.invalidEmail }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Second email"
          name="secondemailaddress"
          rules={[{ pattern: EMAIL_RE, message: m.invalidEmail }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Form>
      {error !== undefined && (
        <div role="alert" style={{ color: 'var(--pm-color-error)' }}>
          {error.text}
        </div>
      )}
    </Modal>
  );
}
