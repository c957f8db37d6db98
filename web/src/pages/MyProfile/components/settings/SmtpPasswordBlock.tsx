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

/** SMTP with a user name and password (smtptype 0). Spec §5: blanks are sent empty, no checks on save. */
export function SmtpPasswordBlock({
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
        aria-label="SMTP"
        initialValues={smtpValuesOf(profile)}
      >
        <Row gutter={16}>
          <TextCol md={16} name="host" label="SMTP host" rules={block.rule('host')} placeholder="smtp.example.com" />
          <TextCol md={8} name="port" label="Port" rules={block.rule('port')} placeholder="587" inputMode="numeric" />
          <TextCol md={12} name="username" label="User name" rules={block.rule('username')} />
          <Col xs={24} md={12}>
            <SecretField
              name="password"
              label="SMTP password"
              status={profile.smtppassword}
              rules={block.rule('password')}
            />
          </Col>
          <TextCol md={12} name="from" label="From address" rules={block.rule('from')} placeholder="certificates@example.com" />
          <TextCol md={12} name="cc" label="CC" rules={block.rule('cc')} placeholder="Comma-separated addresses" />
        </Row>
      </Form>
      <BlockSaveBar
        block={block}
        submitWith={{ type: 'pwd' }}
        readOnly={readOnly}
        extra={extra}
      />
    </>
  );
}
