import { Col, Form, Input, Radio, Row } from 'antd';
import { s3Update } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
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

  return (
    <>
      <Form<Values>
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="S3 bucket"
        initialValues={{ choice: profile.proofmarkorcustomer, secretkey: '', ...customerOf(profile) }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.choice === 'proofmark') block.form.setFieldsValue(blank);
          else if (changed.choice === 'customer')
            block.form.setFieldsValue({ ...customerOf(profile), secretkey: '' });
        }}
      >
        <Form.Item name="choice" label="Bucket" rules={block.rule('choice')}>
          <Radio.Group
            options={[
              { value: 'proofmark', label: 'Proofmark’s own bucket' },
              { value: 'customer', label: 'Your own S3 bucket' },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="accesskey"
              label="Access key ID"
              rules={block.rule('accesskey')}
              dependencies={['choice']}
            >
              <Input
                disabled={own}
                autoComplete="off"
                placeholder={own ? 'Not used with Proofmark’s bucket' : 'AKIA…'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <SecretField name="secretkey" label="Secret access key" status={secretStatus} disabled={own} />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bucket"
              label="Bucket name"
              rules={block.rule('bucket')}
              dependencies={['choice']}
            >
              <Input disabled={own} autoComplete="off" placeholder={own ? '' : 'my-certificates'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="region" label="Region" rules={block.rule('region')} dependencies={['choice']}>
              <Input disabled={own} autoComplete="off" placeholder={own ? '' : 'eu-west-1'} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="endpoint"
              label="Endpoint (S3-compatible services only)"
              rules={block.rule('endpoint')}
            >
              <Input disabled={own} autoComplete="off" placeholder={own ? '' : 'Empty for AWS'} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
        extra={<TestConnectionButton values={block.validated} />}
      />
    </>
  );
}
