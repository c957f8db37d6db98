import { Form, Input } from 'antd';
import type { FormRule } from 'antd';

/**
 * The field of a mailed 6-digit code, after the (hidden) email it was sent to: the shared schema's
 * rule for the code reads both.
 */
export function CodeField({
  label,
  rules,
  fontSize,
}: {
  label: string;
  rules: FormRule[];
  fontSize?: number;
}) {
  return (
    <>
      <Form.Item name="email" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={label} name="code" rules={rules} validateTrigger="onSubmit">
        <Input
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          autoFocus
          style={{ letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums', fontSize }}
        />
      </Form.Item>
    </>
  );
}
