import { Col, Form, Input, Row } from 'antd';
import { ftpUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { SecretField } from './SecretField';
import { TestConnectionButton } from './TestConnectionButton';

interface Values {
  host: string;
  user: string;
  password: string;
}

/** FTP storage: host (or host:port), user, password (spec §5: 'Please enter correct FTP account.'). */
export function FtpBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<Values>('ftpinformation', ftpUpdate, ['password']);
  return (
    <>
      <Form<Values>
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="FTP"
        initialValues={{ host: profile.ftphost, user: profile.ftpuser, password: '' }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="host" label="FTP host" rules={block.rule('host')} dependencies={['user']}>
              <Input autoComplete="off" placeholder="ftp.example.com:21" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="user" label="FTP user" rules={block.rule('user')} dependencies={['host']}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <SecretField name="password" label="FTP password" status={profile.ftppassword} />
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
