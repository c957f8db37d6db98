import { Form, Radio } from 'antd';
import type { SettingsKey } from '@proofmark/shared/api/profile';
import { BlockCard } from './BlockCard';
import type { BlockSchema } from './blockForm';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';

export interface ChoiceOption<T extends string | number> {
  value: T;
  label: string;
}

interface ChoiceBlockProps<T extends string | number> {
  settingKey: SettingsKey;
  schema: BlockSchema;
  title: string;
  description: string;
  options: readonly ChoiceOption<T>[];
  /** What is saved now. */
  current: T;
  readOnlyNote?: string;
}

/** A block that is one choice among a few (blockchain, version, mode, format, download type, PDF output). */
export function ChoiceBlock<T extends string | number>({
  settingKey,
  schema,
  title,
  description,
  options,
  current,
  readOnlyNote,
}: ChoiceBlockProps<T>) {
  const block = useSettingsBlock<{ value: T }>(settingKey, schema);
  const readOnly = readOnlyNote !== undefined;
  return (
    <BlockCard title={title} description={description} readOnlyNote={readOnlyNote}>
      <Form
        form={block.form}
        name={block.name}
        layout="vertical"
        initialValues={{ value: current }}
        disabled={readOnly}
        aria-label={title}
      >
        <Form.Item name="value" rules={block.rule('value')} style={{ marginBottom: 12 }}>
          <Radio.Group
            aria-label={title}
            optionType="button"
            buttonStyle="solid"
            options={options.map((o) => ({ value: o.value, label: o.label }))}
          />
        </Form.Item>
      </Form>
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
      />
    </BlockCard>
  );
}
