import type { ReactNode } from 'react';
import { App, Button, Descriptions, Popconfirm } from 'antd';
import { office365Update } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { errorText } from '../../../../api/envelope';
import { useSettingsBlock } from './blockForm';
import { useOffice365Token } from '../../../../api/profile';
import { BlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import type { FieldSpec } from './FieldGrid';
import { SecretStatus } from './SecretField';

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
  const fields: FieldSpec[] = [
    { name: 'clientid', label: 'Client ID' },
    { name: 'clientsecret', label: 'Client secret', secret: o.clientsecret },
    { name: 'tenantid', label: 'Tenant ID' },
    { name: 'from', label: 'Sending mailbox', placeholder: 'certificates@yourcollege.onmicrosoft.com' },
    { name: 'gettokenurl', label: 'Token URL', md: 24, placeholder: 'Empty for Microsoft’s, for the tenant' },
  ];

  return (
    <BlockForm
      block={block}
      label="Office 365"
      readOnly={readOnly}
      initialValues={{
        clientid: o.clientid,
        clientsecret: '',
        tenantid: o.tenantid,
        gettokenurl: o.gettokenurl,
        from: o.from,
      }}
      footer={
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
      }
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
    >
      <FieldGrid fields={fields} rule={block.rule} />
    </BlockForm>
  );
}
