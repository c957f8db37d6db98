import { Alert, Card, Empty, Table, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { certificateTypes } from '@proofmark/shared/certificate-types';
import type { MyCertificatesData } from '@proofmark/shared/contract/dashboard';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { useMyCertificates } from '../../api/dashboard';
import { FileDoneOutlined } from '../../components/icons';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { paths } from '../../routing/routeTable';

type Row = MyCertificatesData['types'][number];

const labelOf = (certtype: string) => certificateTypes.find((t) => t.value === certtype)?.label ?? certtype;

/** A count that opens Manage Certificate on that type, tab and status. */
const countLink = (certtype: string, tab: 'inprogress' | 'issued', status: string) =>
  function CountLink(n: number) {
    if (!n) return <span>0</span>;
    const q = new URLSearchParams({ certtype, tab, status });
    return <Link to={`${paths.manageCertificate}?${q.toString()}`}>{n}</Link>;
  };

const columns: TableColumnsType<Row> = [
  { title: 'Certificate type', dataIndex: 'certtype', render: labelOf },
  ...(
    [
      ['In progress', 'inProgress', 'inprogress', 'all'],
      ['Issued', 'issued', 'issued', st.issued],
      ['Sent', 'sent', 'issued', st.sent],
      ['Held', 'hold', 'issued', st.hold],
      ['Revoked', 'revoked', 'issued', st.revoked],
    ] as const
  ).map(([title, key, tab, status]) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (n: number, r: Row) => countLink(r.certtype, tab, status)(n),
  })),
];

/**
 * My Certificates (§2): real counts per certificate type and status, each leading to Manage
 * Certificate filtered to them; Shared Certificates lists what recipients shared (none until the
 * recipient page exists).
 */
export default function MyCertificatesPage() {
  const counts = useMyCertificates();
  const rows =
    counts.data?.types.filter((t) => t.issued + t.inProgress + t.sent + t.hold + t.revoked > 0) ?? [];
  return (
    <PageContainer>
      <PageHeading
        icon={<FileDoneOutlined />}
        title="My certificates"
        subtitle="Your certificates by type and status"
      />
      <Card style={{ marginTop: 24 }}>
        <Tabs
          items={[
            {
              key: 'mine',
              label: 'MyCertificates',
              children: (
                <>
                  {counts.error ? <Alert type="warning" showIcon message={counts.error.message} /> : null}
                  <Table
                    rowKey="certtype"
                    loading={counts.isLoading}
                    columns={columns}
                    dataSource={rows}
                    pagination={false}
                    scroll={{ x: 600 }}
                    locale={{
                      emptyText: 'No certificates yet: upload a cohort in Manage Students to begin.',
                    }}
                    summary={() =>
                      counts.data && rows.length > 1 ? (
                        <Table.Summary.Row>
                          <Table.Summary.Cell index={0}>All types</Table.Summary.Cell>
                          {(['inProgress', 'issued', 'sent', 'hold', 'revoked'] as const).map((k, i) => (
                            <Table.Summary.Cell key={k} index={i + 1} align="right">
                              {counts.data.totals[k]}
                            </Table.Summary.Cell>
                          ))}
                        </Table.Summary.Row>
                      ) : null
                    }
                  />
                </>
              ),
            },
            {
              key: 'shared',
              label: 'Shared Certificates',
              children: <Empty description="No recipient has shared a certificate with you yet." />,
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
