import { Col, Form, Input } from 'antd';
import type { FormItemProps, InputProps } from 'antd';

/**
 * One text field of a settings form in its grid column: full width on phones, `md` columns of 24
 * from tablets up. Browsers are told not to autofill it (these are organisation settings, not the
 * user's own details).
 */
export function TextCol({
  md,
  name,
  label,
  rules,
  placeholder,
  inputMode,
}: {
  md?: number;
  name: string;
  label: string;
  rules?: FormItemProps['rules'];
  placeholder?: string;
  inputMode?: InputProps['inputMode'];
}) {
  return (
    <Col xs={24} md={md}>
      <Form.Item name={name} label={label} rules={rules}>
        <Input autoComplete="off" placeholder={placeholder} inputMode={inputMode} />
      </Form.Item>
    </Col>
  );
}
