import { Col, Form, Row } from 'antd';
import { gdriveUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import { TestConnectionButton } from './TestConnectionButton';

/** Google Drive: the OAuth client's credentials.json and the token.json (both secrets). */
export function GdriveBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ credential: string; token: string }>('gdriveinformation', gdriveUpdate, [
    'credential',
    'token',
  ]);
  return (
    <>
      <Form
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="Google Drive"
        initialValues={{ credential: '', token: '' }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <SecretField
              name="credential"
              label="Credential (credentials.json)"
              status={profile.gdriveCredential}
              rules={block.rule('credential')}
              multiline
            />
          </Col>
          <Col xs={24} md={12}>
            <SecretField
              name="token"
              label="Token (token.json)"
              status={profile.gdriveToken}
              rules={block.rule('token')}
              multiline
            />
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
