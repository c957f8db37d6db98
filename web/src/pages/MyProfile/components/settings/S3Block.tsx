import { Form, Radio } from 'antd';
import { s3Update } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import type { FieldSpec } from './FieldGrid';
import { TestConnectionButton } from './TestConnectionButton';

interface Values {
  choice: 'proofmark' | 'customer';
  accesskey: string;
  secretkey: string;
  bucket: string;
  region: string;
  endpoint: string;
}

const customerOf = (p: ProfileData): Omit<Values, 'choice' | 'secretkey'> => ({
  accesskey: p.awsaccesskey,
  bucket: p.s3bucketname,
  region: p.awsregion,
  endpoint: p.s3endpoint,
});
const blank = { accesskey: '', secretkey: '', bucket: '', region: '', endpoint: '' };

/**
 * S3 storage: Proofmark's own bucket or the customer's. With Proofmark's bucket the customer's
 * fields are blanked and disabled (spec §4), and saving forgets them.
 */
export function S3Block({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<Values>('s3information', s3Update, ['secretkey']);
  const choice = Form.useWatch('choice', block.form) ?? profile.proofmarkorcustomer;
  const own = choice === 'proofmark';
  const secretStatus = own ? { configured: false } : profile.awssecretkey;

  const fields: FieldSpec[] = [
    {
      name: 'accesskey',
      label: 'Access key ID',
      placeholder: own ? 'Not used with Proofmark’s bucket' : 'AKIA…',
      dependencies: ['choice'],
    },
    { name: 'secretkey', label: 'Secret access key', secret: secretStatus, unchecked: true },
    {
      name: 'bucket',
      label: 'Bucket name',
      placeholder: own ? '' : 'my-certificates',
      dependencies: ['choice'],
    },
    { name: 'region', label: 'Region', placeholder: own ? '' : 'eu-west-1', dependencies: ['choice'] },
    {
      name: 'endpoint',
      label: 'Endpoint (S3-compatible services only)',
      md: 24,
      placeholder: own ? '' : 'Empty for AWS',
    },
  ];

  return (
    <BlockForm
      block={block}
      label="S3 bucket"
      readOnly={readOnly}
      initialValues={{ choice: profile.proofmarkorcustomer, secretkey: '', ...customerOf(profile) }}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.choice === 'proofmark') block.form.setFieldsValue(blank);
        else if (changed.choice === 'customer')
          block.form.setFieldsValue({ ...customerOf(profile), secretkey: '' });
      }}
      extra={<TestConnectionButton values={block.validated} />}
    >
      <Form.Item name="choice" label="Bucket" rules={block.rule('choice')}>
        <Radio.Group
          options={[
            { value: 'proofmark', label: 'Proofmark’s own bucket' },
            { value: 'customer', label: 'Your own S3 bucket' },
          ]}
        />
      </Form.Item>
      <FieldGrid fields={fields.map((f) => ({ ...f, disabled: own }))} rule={block.rule} />
    </BlockForm>
  );
}
