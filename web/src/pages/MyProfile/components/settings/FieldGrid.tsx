import { Col, Form, Input, Row } from 'antd';
import type { FormRule, InputProps } from 'antd';
import type { SecretStatusData } from '@proofmark/shared/contract/profile';
import type { FieldName } from './blockForm';
import { SecretField } from './SecretField';

/** One field of a settings form, as the blocks describe it. */
export interface FieldSpec {
  name: string;
  label: string;
  /** Columns out of 24 from tablets up (12 by default); always full width on phones. */
  md?: number;
  placeholder?: string;
  maxLength?: number;
  inputMode?: InputProps['inputMode'];
  multiline?: boolean;
  /** A write-only secret with its stored status (SecretField). */
  secret?: SecretStatusData;
  /** Fields whose rule is checked again when this one changes. */
  dependencies?: string[];
  disabled?: boolean;
  /** Left to the whole block's check on Save: no rule beside the field. */
  unchecked?: boolean;
}

/**
 * One field in its grid column. Text fields tell browsers not to autofill them (these are
 * organisation settings, not the user's own details).
 */
export function FieldCol({ field, rules }: { field: FieldSpec; rules?: FormRule[] }) {
  const { name, label, md = 12, placeholder, multiline, secret, disabled } = field;
  return (
    <Col xs={24} md={md}>
      {secret !== undefined ? (
        <SecretField
          name={name}
          label={label}
          status={secret}
          rules={rules}
          multiline={multiline}
          disabled={disabled}
        />
      ) : (
        <Form.Item name={name} label={label} rules={rules} dependencies={field.dependencies}>
          {multiline ? (
            <Input.TextArea rows={3} placeholder={placeholder} disabled={disabled} />
          ) : (
            <Input
              autoComplete="off"
              placeholder={placeholder}
              maxLength={field.maxLength}
              inputMode={field.inputMode}
              disabled={disabled}
            />
          )}
        </Form.Item>
      )}
    </Col>
  );
}

/** A settings block's fields in a grid, each with the block's rule for it (unless `unchecked`). */
export function FieldGrid({
  fields,
  rule,
}: {
  fields: readonly FieldSpec[];
  rule: (name: FieldName) => FormRule[];
}) {
  return (
    <Row gutter={16}>
      {fields.map((f) => (
        <FieldCol key={f.name} field={f} rules={f.unchecked ? undefined : rule(f.name)} />
      ))}
    </Row>
  );
}
