import type { ReactNode } from 'react';
import { Col, Form, Input, Row } from 'antd';
import type { SettingsKey } from '@proofmark/shared/api/profile';
import { BlockCard } from './BlockCard';
import type { BlockSchema } from './blockForm';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import type { SecretStatusData } from '@proofmark/shared/api/profile';

export interface PlainField {
  name: string;
  label: string;
  placeholder?: string;
  maxLength?: number;
  /** Columns out of 24 on wide screens (12 by default). */
  span?: number;
  multiline?: boolean;
  /** A write-only secret with its status. */
  secret?: SecretStatusData;
}

interface FieldsBlockProps {
  settingKey: SettingsKey;
  schema: BlockSchema;
  title: string;
  description?: ReactNode;
  fields: readonly PlainField[];
  initialValues: Record<string, string>;
  readOnlyNote?: string;
}

/** A block of a few text fields (issuer, gas, contact, payment provider, competency partner). */
export function FieldsBlock({
  settingKey,
  schema,
  title,
  description,
  fields,
  initialValues,
  readOnlyNote,
}: FieldsBlockProps) {
  const secrets = fields.filter((f) => f.secret !== undefined).map((f) => f.name);
  const block = useSettingsBlock<Record<string, string>>(settingKey, schema, secrets);
  const readOnly = readOnlyNote !== undefined;
  return (
    <BlockCard title={title} description={description} readOnlyNote={readOnlyNote}>
      <Form
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label={title}
        initialValues={{ ...initialValues, ...Object.fromEntries(secrets.map((s) => [s, ''])) }}
      >
        <Row gutter={16}>
          {fields.map((f) => (
            <Col key={f.name} xs={24} md={f.span ?? 12}>
              {f.secret !== undefined ? (
                <SecretField name={f.name} label={f.label} status={f.secret} rules={block.rule(f.name)} />
              ) : (
                <Form.Item name={f.name} label={f.label} rules={block.rule(f.name)}>
                  {f.multiline ? (
                    <Input.TextArea rows={3} placeholder={f.placeholder} />
                  ) : (
                    <Input autoComplete="off" placeholder={f.placeholder} maxLength={f.maxLength} />
                  )}
                </Form.Item>
              )}
            </Col>
          ))}
        </Row>
      </Form>
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
      />
    </BlockCard>
  );
}
