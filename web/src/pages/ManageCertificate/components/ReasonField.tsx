import { Form, Input } from 'antd';

/** The required free-text reason of a decline or a revocation (§2.5, §2.6), kept on the rows. */
export function ReasonField({ name, message }: { name: string; message: string }) {
  return (
    <Form.Item label="Reason" name={name} rules={[{ required: true, whitespace: true, message }]}>
      <Input.TextArea rows={3} maxLength={500} showCount />
    </Form.Item>
  );
}
