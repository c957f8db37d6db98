import type { FormRule } from 'antd';
import { Form, Input, Tag, Typography } from 'antd';
import type { SecretStatusData } from '@proofmark/shared/contract/profile';

interface SecretFieldProps {
  name: string;
  label: string;
  status: SecretStatusData;
  rules?: FormRule[];
  /** Multi-line secrets (connection strings, JSON files). */
  multiline?: boolean;
  autoComplete?: string;
  disabled?: boolean;
}

/** "Configured (…1234)", "Configured" (passwords have no hint) or "Not configured" — never the value. */
export function SecretStatus({ status }: { status: SecretStatusData }) {
  if (!status.configured) return <Tag style={{ marginInlineEnd: 0 }}>Not configured</Tag>;
  return (
    <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="secret-status">
      {status.hint ? `Configured (…${status.hint})` : 'Configured'}
    </Tag>
  );
}

/**
 * A write-only secret: the field starts empty whatever is stored, and an empty field means "keep
 * the stored one" (shared/src/settings/rules.ts), which its placeholder says.
 */
export function SecretField({
  name,
  label,
  status,
  rules,
  multiline,
  autoComplete = 'new-password',
  disabled,
}: SecretFieldProps) {
  const placeholder = status.configured ? 'Leave empty to keep the stored one' : 'Not set yet';
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rules}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <SecretStatus status={status} />{' '}
          {status.configured
            ? 'Stored securely; type a new value only to replace it.'
            : 'Stored securely once saved.'}
        </Typography.Text>
      }
    >
      {multiline ? (
        <Input.TextArea
          rows={3}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          style={{ fontFamily: 'var(--ant-font-family-code, monospace)', fontSize: 12 }}
        />
      ) : (
        <Input.Password placeholder={placeholder} autoComplete={autoComplete} disabled={disabled} />
      )}
    </Form.Item>
  );
}
