import type { ReactNode } from 'react';
import type { ProfileData, SettingsKey } from '@proofmark/shared/contract/profile';
import type { BlockSchema } from './blockForm';
import { useSettingsBlock } from './blockForm';
import { CardBlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import type { FieldSpec } from './FieldGrid';

/** What a block of a few text fields saves and shows (fieldBlocks.ts). */
export interface FieldsBlockSpec {
  settingKey: SettingsKey;
  schema: BlockSchema;
  title: string;
  description?: ReactNode;
  fields: (profile: ProfileData) => readonly FieldSpec[];
  /** The saved values of the fields that are not secrets (secrets start empty). */
  initialValues: (profile: ProfileData) => Record<string, string>;
}

/** A block of a few text fields (issuer, gas, contact, payment provider, competency partner). */
export function FieldsBlock({
  spec,
  profile,
  readOnlyNote,
}: {
  spec: FieldsBlockSpec;
  profile: ProfileData;
  readOnlyNote?: string;
}) {
  const fields = spec.fields(profile);
  const secrets = fields.filter((f) => f.secret !== undefined).map((f) => f.name);
  const block = useSettingsBlock<Record<string, string>>(spec.settingKey, spec.schema, secrets);
  return (
    <CardBlockForm
      title={spec.title}
      description={spec.description}
      readOnlyNote={readOnlyNote}
      block={block}
      initialValues={{ ...spec.initialValues(profile), ...Object.fromEntries(secrets.map((s) => [s, ''])) }}
    >
      <FieldGrid fields={fields} rule={block.rule} />
    </CardBlockForm>
  );
}
