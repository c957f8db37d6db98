import { azureUpdate } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { SecretField } from './SecretField';
import { TestConnectionButton } from './TestConnectionButton';

/** Azure Blob storage: one connection string (a secret). */
export function AzureBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ connectionstring: string }>('azureinformation', azureUpdate, [
    'connectionstring',
  ]);
  return (
    <BlockForm
      block={block}
      label="Azure"
      readOnly={readOnly}
      initialValues={{ connectionstring: '' }}
      extra={<TestConnectionButton values={block.validated} />}
    >
      <SecretField
        name="connectionstring"
        label="Connection string"
        status={profile.azureConnectionString}
        rules={block.rule('connectionstring')}
        multiline
      />
    </BlockForm>
  );
}
