import { gdriveUpdate } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import { TestConnectionButton } from './TestConnectionButton';

/** Google Drive: the OAuth client's credentials.json and the token.json (both secrets). */
export function GdriveBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ credential: string; token: string }>('gdriveinformation', gdriveUpdate, [
    'credential',
    'token',
  ]);
  return (
    <BlockForm
      block={block}
      label="Google Drive"
      readOnly={readOnly}
      initialValues={{ credential: '', token: '' }}
      extra={<TestConnectionButton values={block.validated} />}
    >
      <FieldGrid
        rule={block.rule}
        fields={[
          {
            name: 'credential',
            label: 'Credential (credentials.json)',
            secret: profile.gdriveCredential,
            multiline: true,
          },
          { name: 'token', label: 'Token (token.json)', secret: profile.gdriveToken, multiline: true },
        ]}
      />
    </BlockForm>
  );
}
