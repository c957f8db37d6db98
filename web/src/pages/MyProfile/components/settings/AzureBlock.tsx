import { Form } from 'antd';
import { azureUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import { TestConnectionButton } from './TestConnectionButton';

/** Azure Blob storage: one connection string (a secret). */
export function AzureBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ connectionstring: string }>('azureinformation', azureUpdate, [
    'connectionstring',
  ]);
  return (
    <>
      <Form
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="Azure"
        initialValues={{ connectionstring: '' }}
      >
        <SecretField
          name="connectionstring"
          label="Connection string"
          status={profile.azureConnectionString}
          rules={block.rule('connectionstring')}
          multiline
        />
      </Form>
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
        extra={<TestConnectionButton values={block.validated} />}
      />
    </>
  );
}
