import type { ReactNode } from 'react';
import { App, Button, Col, Descriptions, Form, Popconfirm, Row } from 'antd';
import { office365Update } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { errorText } from '../../../../api/envelope';
import { useSettingsBlock } from './blockForm';
import { useOffice365Token } from '../../../../api/profile';
import { BlockSaveBar } from './SaveBar';
import { SecretField, SecretStatus } from './SecretField';
import { TextCol } from './TextCol';

interface Values {
  clientid: string;
  clientsecret: string;
  tenantid: string;
  gettokenurl: string;
  from: string;
}

/**
 * Office 365 mail: client id, secret and tenant id are required ('Please fill requred input box').
 * Get token works from the saved settings, so it first asks whether they were saved (spec §4).
 */
export function Office365Block({
  profile,
  readOnly,
  extra,
}: {
  profile: ProfileData;
  readOnly: boolean;
  extra?: ReactNode;
}) {
  const block = useSettingsBlock<Values>('office365', office365Update, ['clientsecret']);
  const token = useOffice365Token();
  const { message } = App.useApp();
  const o = profile.office365;
  const expires = o.tokenexpiresat ? new Date(o.tokenexpiresat).toLocaleString() : '—';

  return (
    <>
      <Form<Values>
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="Office 365"
        initialValues={{
          clientid: o.clientid,
          clientsecret: '',
          tenantid: o.tenantid,
          gettokenurl: o.gettokenurl,
          from: o.from,
        }}
      >
        <Row gutter={16}>
          <TextCol md={12} name="clientid" label="Client ID" rules={block.rule('clientid')} />
          <Col xs={24} md={12}>
            <SecretField
              name="clientsecret"
              label="Client secret"
              status={o.clientsecret}
              rules={block.rule('clientsecret')}
            />
          </Col>
          <TextCol md={12} name="tenantid" label="Tenant ID" rules={block.rule('tenantid')} />
          <TextCol md={12} name="from" label="Sending mailbox" rules={block.rule('from')} placeholder="certificates@yourcollege.onmicrosoft.com" />
          <TextCol name="gettokenurl" label="Token URL" rules={block.rule('gettokenurl')} placeholder="Empty for Microsoft’s, for the tenant" />
        </Row>
      </Form>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'access', label: 'Access token', children: <SecretStatus status={o.accesstoken} /> },
          { key: 'refresh', label: 'Refresh token', children: <SecretStatus status={o.refreshtoken} /> },
          { key: 'expires', label: 'Expires', children: expires },
        ]}
      />
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
        extra={
          <>
            <Popconfirm
              title="Have you saved these settings?"
              description="The token is fetched with the saved client id, secret and tenant id."
              okText="Yes, get token"
              cancelText="Not yet"
              onConfirm={() =>
                token.mutate(undefined, {
                  onSuccess: (answer) => void message.success(answer.message),
                  onError: (error) => void message.error(errorText(error)),
                })
              }
            >
              <Button loading={token.isPending}>Get token</Button>
            </Popconfirm>
            {extra}
          </>
        }
      />
    </>
  );
}
