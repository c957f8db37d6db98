import { Button, Card, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EngagementData } from '@proofmark/shared/contract/dashboard';
import { DownloadOutlined } from '../../../components/icons';

type Row = EngagementData['cohorts'][number];

const stage = (title: string, key: keyof Row) => ({ title, dataIndex: key, align: 'right' as const });

/**
 * The engagement funnel per cohort: mailed → delivered → opened → clicked → verified, with bounces
 * and complaints (opens and clicks counted once per mail a day).
 */
export function EngagementCard({ data, onDownload }: { data: EngagementData; onDownload: () => void }) {
  const columns: TableColumnsType<Row> = [
    { title: 'Cohort', dataIndex: 'cohortid' },
    stage('Mailed', 'mailed'),
    stage('Delivered', 'delivered'),
    stage('Opened', 'opened'),
    stage('Clicked', 'clicked'),
    stage('Verified', 'verified'),
    stage('Bounced', 'bounced'),
    stage('Complaints', 'complained'),
  ];
  return (
    <Card
      title="Engagement"
      extra={
        <Button icon={<DownloadOutlined />} onClick={onDownload}>
          CSV
        </Button>
      }
    >
      <Table
        rowKey="cohortid"
        size="small"
        columns={columns}
        dataSource={data.cohorts}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 720 }}
        locale={{ emptyText: 'No certificate, invitation or badge mails yet.' }}
        summary={() =>
          data.cohorts.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>All cohorts</Table.Summary.Cell>
              {(
                ['mailed', 'delivered', 'opened', 'clicked', 'verified', 'bounced', 'complained'] as const
              ).map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  {data.total[k]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
