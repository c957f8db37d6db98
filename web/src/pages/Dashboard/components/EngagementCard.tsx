import { Button, Card, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EngagementData } from '@proofmark/shared/contract/dashboard';
import { DownloadOutlined } from '../../../components/icons';

type CredentialRow = EngagementData['cohorts'][number];
type InvitationRow = EngagementData['invitations']['cohorts'][number];

/** One funnel's table: a column per stage, a row per cohort, the sum of all cohorts below. */
function FunnelTable<R extends { cohortid: string }>({
  stages,
  rows,
  total,
  empty,
}: {
  stages: [title: string, key: keyof R & string][];
  rows: R[];
  total: R | Omit<R, 'cohortid'>;
  empty: string;
}) {
  const columns: TableColumnsType<R> = [
    { title: 'Cohort', dataIndex: 'cohortid' },
    ...stages.map(([title, key]) => ({ title, dataIndex: key, align: 'right' as const })),
  ];
  return (
    <Table
      rowKey="cohortid"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 720 }}
      locale={{ emptyText: empty }}
      summary={() =>
        rows.length > 1 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>All cohorts</Table.Summary.Cell>
            {stages.map(([, key], i) => (
              <Table.Summary.Cell key={key} index={i + 1} align="right">
                {String((total as Record<string, unknown>)[key])}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

/**
 * The engagement funnels per cohort, kept apart so the two kinds of mail never mix: certificate and
 * badge mails (mailed → delivered → opened → clicked → verified) and wallet invitations (invited →
 * delivered → opened → wallet connected), each with bounces and complaints. The one CSV holds both.
 */
export function EngagementCard({ data, onDownload }: { data: EngagementData; onDownload: () => void }) {
  return (
    <>
      <Card
        title="Engagement"
        extra={
          <Button icon={<DownloadOutlined />} onClick={onDownload}>
            CSV
          </Button>
        }
      >
        <FunnelTable<CredentialRow>
          stages={[
            ['Mailed', 'mailed'],
            ['Delivered', 'delivered'],
            ['Opened', 'opened'],
            ['Clicked', 'clicked'],
            ['Verified', 'verified'],
            ['Bounced', 'bounced'],
            ['Complaints', 'complained'],
          ]}
          rows={data.cohorts}
          total={data.total}
          empty="No certificate or badge mails yet."
        />
      </Card>
      <Card title="Invitations">
        <FunnelTable<InvitationRow>
          stages={[
            ['Invited', 'invited'],
            ['Delivered', 'delivered'],
            ['Opened', 'opened'],
            ['Wallet connected', 'connected'],
            ['Bounced', 'bounced'],
            ['Complaints', 'complained'],
          ]}
          rows={data.invitations.cohorts}
          total={data.invitations.total}
          empty="No wallet invitations yet."
        />
      </Card>
    </>
  );
}
