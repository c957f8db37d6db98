import type { ReactNode } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { smtpUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import { smtpSecrets, smtpValuesOf } from './smtpValues';
import type { SmtpValues } from './smtpValues';

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
          <Col xs={24} md={16}>
            <Form.Item name="host" label="SMTP host" rules={block.rule('host')}>
              <Input autoComplete="off" placeholder="smtp.example.com" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="port" label="Port" rules={block.rule('port')}>
              <Input inputMode="numeric" autoComplete="off" placeholder="587" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="username" label="User name" rules={block.rule('username')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <SecretField
              name="password"
              label="SMTP password"
              status={profile.smtppassword}
              rules={block.rule('password')}
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="from" label="From address" rules={block.rule('from')}>
              <Input autoComplete="off" placeholder="certificates@example.com" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="cc" label="CC" rules={block.rule('cc')}>
              <Input autoComplete="off" placeholder="Comma-separated addresses" />
            </Form.Item>
          </Col>
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
