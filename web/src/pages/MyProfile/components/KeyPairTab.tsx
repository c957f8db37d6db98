import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Empty,
  Flex,
  Form,
  Popconfirm,
  Radio,
  Row,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateKeyRequest } from '@proofmark/shared/contract/keys';
import type { IssuingKeyView } from '@proofmark/shared/contract/keys';
import { keysApi } from '../../../api/keys';
import { errorText } from '../../../api/envelope';
import { queryKeys } from '../../../auth/queryKeys';
import { useCan } from '../../../auth/useCan';
import { useOrgScope } from '../../../auth/useOrgScope';
import { schemaRules } from '../../../forms/schemaRules';
import { KeyOutlined, QrcodeOutlined } from '../../../components/icons';
import { QrCode } from '../../../components/QrCode';

type Chain = IssuingKeyView['blockchain'];
const chainLabels: Record<Chain, string> = { bitcoin: 'Bitcoin', ethereum: 'Ethereum' };
const rule = schemaRules(generateKeyRequest, ['blockchain'] as const);

const keysKey = (org: string) => [...queryKeys.org(org), 'keys'] as const;
const when = (iso: string) => new Date(iso).toLocaleString();

// Print shows only the address and its QR code.
const printStyles = `
@media print {
  body * { visibility: hidden !important; transition: none !important; animation: none !important; }
  .keypair-print, .keypair-print * { visibility: visible !important; }
  .keypair-print {
    position: fixed; top: 0; left: 0; width: 100%;
    padding: 32px; border: 0 !important; box-shadow: none !important;
  }
  .keypair-print .keypair-no-print, .keypair-print .ant-typography-copy { display: none !important; }
}`;

/** The address being shown, with its QR code and Print. */
function AddressCard({ issuingKey }: { issuingKey: IssuingKeyView }) {
  return (
    <div
      className="keypair-print"
      style={{ border: '1px solid #eef0f3', borderRadius: 12, padding: 24, background: '#fff' }}
      aria-label="Public address"
      role="region"
    >
      <Flex gap={24} wrap align="center">
        <QrCode text={issuingKey.publickey} testId="keypair-qr" />
        <Flex vertical gap={8} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Tag
              color={issuingKey.blockchain === 'ethereum' ? 'geekblue' : 'orange'}
              style={{ marginInlineEnd: 0 }}
            >
              {chainLabels[issuingKey.blockchain]}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Created {when(issuingKey.created)}
            </Typography.Text>
          </Flex>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.6 }}
          >
            Public address
          </Typography.Text>
          <Typography.Paragraph
            copyable
            data-testid="public-address"
            style={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 15,
              wordBreak: 'break-all',
              margin: 0,
            }}
          >
            {issuingKey.publickey}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Fund this address so certificates can be anchored. The private key never leaves Proofmark’s key
            store.
          </Typography.Text>
          <div className="keypair-no-print" style={{ marginTop: 4 }}>
            <Button icon={<QrcodeOutlined />} onClick={() => window.print()}>
              Print
            </Button>
          </div>
        </Flex>
      </Flex>
    </div>
  );
}

/**
 * Generate key pair (spec §2): blockchain choice, Generate (the main administrator's only), the
 * public address with its QR code and Print, and the earlier keys, retired ones marked.
 */
export function KeyPairTab() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const isMainAdmin = useCan('mainAdmin');
  const [form] = Form.useForm<{ blockchain?: Chain }>();
  const chosen = Form.useWatch('blockchain', form);
  const [generated, setGenerated] = useState<IssuingKeyView>();

  const keys = useQuery({ queryKey: keysKey(org), queryFn: keysApi.list, select: (answer) => answer.data });
  const generate = useMutation({
    mutationFn: keysApi.generate,
    onSuccess: (answer) => {
      setGenerated(answer.data);
      void message.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: keysKey(org) });
    },
  });

  const list = [...(keys.data ?? [])].sort((a, b) => b.created.localeCompare(a.created));
  const activeFor = (chain: Chain | undefined) =>
    list.find((k) => !k.revoked && (chain === undefined || k.blockchain === chain));
  const shown =
    generated !== undefined && (chosen === undefined || generated.blockchain === chosen)
      ? generated
      : activeFor(chosen);
  const replacing = chosen !== undefined ? activeFor(chosen) : undefined;

  const submit = async () => {
    try {
      const { blockchain } = await form.validateFields();
      if (blockchain !== undefined) generate.mutate(blockchain);
    } catch {
      // The message shows beside the choice.
    }
  };

  const generateButton = (
    <Button
      type="primary"
      icon={<KeyOutlined />}
      loading={generate.isPending}
      onClick={replacing ? undefined : () => void submit()}
    >
      Generate
    </Button>
  );

  return (
    <Row gutter={[48, 24]}>
      <style>{printStyles}</style>
      <Col xs={24} md={8}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Issuing key pair
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Certificates are anchored with your organisation’s key pair. Choose the blockchain and generate a
          key pair; its public address is published in your issuer profile so anyone can verify what you
          issue.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} aria-label="Generate key pair">
          <Form.Item name="blockchain" label="Blockchain" rules={rule('blockchain')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={(Object.keys(chainLabels) as Chain[]).map((c) => ({
                value: c,
                label: chainLabels[c],
              }))}
            />
          </Form.Item>
          {isMainAdmin ? (
            replacing ? (
              <Popconfirm
                title={`Replace the ${chainLabels[replacing.blockchain]} key pair?`}
                description="The current key is retired: certificates it signed stay valid, new ones use the new key."
                okText="Generate"
                // Opens from the button's left edge, never wider than a phone, and is shifted back inside
                // the window when the button sits too far right for it (a phone's card padding).
                placement="topLeft"
                align={{ overflow: { adjustX: true, shiftX: true, adjustY: true } }}
                styles={{ root: { maxWidth: 'min(360px, calc(100vw - 24px))' } }}
                onConfirm={() => void submit()}
              >
                {generateButton}
              </Popconfirm>
            ) : (
              generateButton
            )
          ) : (
            <Alert type="info" showIcon title="Only the main administrator can generate key pairs." />
          )}
          {generate.isError && (
            <Alert type="error" showIcon title={errorText(generate.error)} style={{ marginTop: 16 }} />
          )}
        </Form>
      </Col>
      <Col xs={24} md={16}>
        <Flex vertical gap={24}>
          {keys.isPending ? (
            <Skeleton active />
          ) : shown !== undefined ? (
            <AddressCard issuingKey={shown} />
          ) : (
            <Empty
              style={{ padding: 24, border: '1px dashed #e4e7ec', borderRadius: 12, margin: 0 }}
              description={
                chosen
                  ? `No ${chainLabels[chosen]} key pair yet.`
                  : 'No key pair yet. Choose a blockchain and generate one.'
              }
            />
          )}
          {keys.isError && <Alert type="error" showIcon title={errorText(keys.error)} />}
          {list.length > 0 && (
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                Key pairs
              </Typography.Title>
              <Table<IssuingKeyView>
                size="small"
                rowKey={(k) => `${k.blockchain}:${k.fragment}`}
                dataSource={list}
                pagination={list.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  {
                    title: 'Blockchain',
                    dataIndex: 'blockchain',
                    width: 110,
                    render: (c: Chain) => chainLabels[c],
                  },
                  {
                    title: 'Address',
                    dataIndex: 'publickey',
                    render: (a: string) => (
                      <Typography.Text
                        copyable={{ text: a }}
                        style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}
                      >
                        {a.length > 22 ? `${a.slice(0, 10)}…${a.slice(-8)}` : a}
                      </Typography.Text>
                    ),
                  },
                  { title: 'Created', dataIndex: 'created', width: 190, render: when },
                  {
                    title: 'Status',
                    key: 'status',
                    width: 190,
                    render: (_, k) =>
                      k.revoked ? (
                        <Tag style={{ marginInlineEnd: 0 }}>
                          Retired {new Date(k.revoked).toLocaleDateString()}
                        </Tag>
                      ) : (
                        <Tag color="green" style={{ marginInlineEnd: 0 }}>
                          Active
                        </Tag>
                      ),
                  },
                ]}
              />
            </div>
          )}
        </Flex>
      </Col>
    </Row>
  );
}
