import { Form, Radio } from 'antd';
import type { ProfileData, SettingsKey } from '@proofmark/shared/contract/profile';
import type { BlockSchema } from './blockForm';
import { useSettingsBlock } from './blockForm';
import { CardBlockForm } from './BlockForm';

type ChoiceValue = string | number;

/** What a choice block saves and shows (CertificateBlocks.tsx). */
export interface ChoiceBlockSpec {
  settingKey: SettingsKey;
  schema: BlockSchema;
  title: string;
  description: string;
  options: readonly { value: ChoiceValue; label: string }[];
  /** What is saved now. */
  current: (profile: ProfileData) => ChoiceValue;
}

/** A block that is one choice among a few (blockchain, version, mode, format, download type, PDF output). */
export function ChoiceBlock({
  spec,
  profile,
  readOnlyNote,
}: {
  spec: ChoiceBlockSpec;
  profile: ProfileData;
  readOnlyNote?: string;
}) {
  const block = useSettingsBlock<{ value: ChoiceValue }>(spec.settingKey, spec.schema);
  return (
    <CardBlockForm
      title={spec.title}
      description={spec.description}
      readOnlyNote={readOnlyNote}
      block={block}
      initialValues={{ value: spec.current(profile) }}
    >
      <Form.Item name="value" rules={block.rule('value')} style={{ marginBottom: 12 }}>
        <Radio.Group
          aria-label={spec.title}
          optionType="button"
          buttonStyle="solid"
          options={spec.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Form.Item>
    </CardBlockForm>
  );
}
