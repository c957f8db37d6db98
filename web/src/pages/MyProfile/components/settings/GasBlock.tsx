import { gasUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { FieldsBlock } from './FieldsBlock';

/** Gas price for Ethereum anchoring: at most 3 characters (spec §5). */
export function GasBlock({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  return (
    <FieldsBlock
      settingKey="gasinformation"
      schema={gasUpdate}
      title="Gas price"
      description="The gas price offered when anchoring on Ethereum (at most 3 characters); empty uses the network’s price."
      readOnlyNote={readOnlyNote}
      initialValues={{ gasprice: profile.gasprice }}
      fields={[{ name: 'gasprice', label: 'Gas price', placeholder: 'e.g. 30', maxLength: 3, span: 24 }]}
    />
  );
}
