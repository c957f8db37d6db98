import type { ReactNode } from 'react';
import { Col, Form, Row } from 'antd';
import { smtpUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import { smtpSecrets, smtpValuesOf } from './smtpValues';
import type { SmtpValues } from './smtpValues';
import { TextCol } from './TextCol';

/** SMTP signed in with OAuth (smtptype 1), Gmail's token endpoint unless another is given. */
export function GmailOAuthBlock({
  profile,
  readOnly,
  extra,
}: {
  profile: ProfileData;
  readOnly: boolean;
  extra?: ReactNode;
}) {
  const block = useSettingsBlock<SmtpValues>('smtp', smtpUpdate, smtpSecrets);
  return (
    <>
      <Form<SmtpValues>
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="Gmail OAuth"
        initialValues={smtpValuesOf(profile)}
      >
        <Row gutter={16}>
          <TextCol md={12} name="username" label="Gmail user name" rules={block.rule('username')} placeholder="certificates@gmail.com" />
          <TextCol md={12} name="clientid" label="Client ID" rules={block.rule('clientid')} />
          <Col xs={24} md={12}>
            <SecretField
              name="clientsecret"
              label="Client secret"
              status={profile.smtpclientsecret}
              rules={block.rule('clientsecret')}
            />
          </Col>
          <Col xs={24} md={12}>
            <SecretField
              name="refreshtoken"
              label="Refresh token"
              status={profile.smtprefreshtoken}
              rules={block.rule('refreshtoken')}
            />
          </Col>
          <TextCol name="tokenurl" label="Token URL" rules={block.rule('tokenurl')} placeholder="Empty for Google’s" />
          <TextCol md={12} name="from" label="From address" rules={block.rule('from')} />
          <TextCol md={12} name="cc" label="CC" rules={block.rule('cc')} placeholder="Comma-separated addresses" />
        </Row>
      </Form>
      <BlockSaveBar
        block={block}
        submitWith={{ type: 'oauth' }}
        readOnly={readOnly}
        extra={extra}
      />
    </>
  );
}
