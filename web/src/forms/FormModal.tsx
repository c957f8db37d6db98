import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { submitWhenValid } from './submitWhenValid';

interface FormModalProps<V> {
  form: FormInstance<V>;
  open: boolean;
  title: string;
  okText: string;
  /** A red Ok, for what cannot be undone. */
  danger?: boolean;
  busy: boolean;
  /** Ok with values that passed validation. */
  onValid: (values: V) => void;
  onCancel: () => void;
  afterOpenChange?: (open: boolean) => void;
  /** The form's name (it prefixes field ids) and its accessible name. */
  name: string;
  label: string;
  children: ReactNode;
}

/** A dialog around one form: Ok validates it and hands the values on; closing forgets them. */
export function FormModal<V>({
  form,
  open,
  title,
  okText,
  danger,
  busy,
  onValid,
  onCancel,
  afterOpenChange,
  name,
  label,
  children,
}: FormModalProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      onOk={() => submitWhenValid(form, onValid)}
    >
      <Form form={form} layout="vertical" name={name} aria-label={label} requiredMark={false}>
        {children}
      </Form>
    </Modal>
  );
}
