import { useState } from 'react';
import { Button, Card, Flex, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatPrice } from '@proofmark/shared/contract/billing';
import type { VerificationRequestRow } from '@proofmark/shared/contract/dashboard';
import { SearchBox } from '../../../components/SearchBox';
import { DownloadOutlined } from '../../../components/icons';

export interface TablePaging {
  search: string;
  order: 'asc' | 'desc';
  cursor?: string;
}

// Solid tags in antd's darkest shades: white text on them keeps the 4.5:1 contrast (the light
// presets' coloured text on a tint does not).
const verdictColor: Record<string, string> = {
  verified: '#237804',
  revoked: '#a8071a',
  suspended: '#ad4e00',
  expired: '#ad4e00',
  tampered: '#a8071a',
  paid: '#0958d9',
};

/**
 * The verification-requests table (§2, §3): a page of the period's rows, searchable, sorted by time
 * (newest first; the Time column turns it round), paged with Previous / Next.
 */
export function VerificationTable({
  rows,
  next,
  loading,
  paging,
  onPaging,
  onDownload,
}: {
  rows: VerificationRequestRow[];
  next?: string;
  loading: boolean;
  paging: TablePaging;
  onPaging: (p: TablePaging) => void;
  onDownload: () => void;
}) {
  // The cursors of the pages before this one, so Previous can go back.
  const [before, setBefore] = useState<(string | undefined)[]>([]);
  const restart = (p: Omit<TablePaging, 'cursor'>) => {
    setBefore([]);
    onPaging({ ...p, cursor: undefined });
  };
  const columns: TableColumnsType<VerificationRequestRow> = [
    {
      title: 'Time',
      dataIndex: 'timeadded',
      sorter: true,
      sortOrder: paging.order === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (t: string) => new Date(t).toLocaleString(),
    },
    { title: 'Recipient', dataIndex: 'fullname', render: (v: string, r) => v || r.payer_name || '—' },
    { title: 'Certificate', dataIndex: 'competencyname', render: (v: string) => v || '—' },
    {
      title: 'Result',
      dataIndex: 'verdict',
      render: (v: string) => <Tag color={verdictColor[v] ?? 'default'}>{v}</Tag>,
    },
    { title: 'How', dataIndex: 'method' },
    {
      title: 'Requested by',
      dataIndex: 'payer_name',
      render: (_v: string, r) =>
        r.kind === 'paid' ? (
          <span data-testid="paid-request">
            {r.payer_name} ({r.designation}, {r.organization}) · {r.email} · {r.contactnumber}
            <br />
            Enrolment {r.enrollnumber} · paid{' '}
            {formatPrice(Math.round((r.amountofpayment ?? 0) * 100), r.currency ?? 'usd')}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: 'Transaction',
      dataIndex: 'transactionid',
      render: (v: string) => (v ? <code title={v}>{`${v.slice(0, 10)}…`}</code> : '—'),
    },
  ];
  return (
    <Card
      title="Verification requests"
      extra={
        <Button icon={<DownloadOutlined />} onClick={onDownload}>
          CSV
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {/* In a row: the box's flex basis is a width (in this column it made the box 260 px tall). */}
        <Flex>
          <SearchBox
            label="Search verification requests"
            placeholder="Search recipient, certificate or transaction"
            search={paging.search}
            onSearch={(search) => restart({ search, order: paging.order })}
          />
        </Flex>
        <Table
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: 'No verification requests in this period.' }}
          onChange={(_p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            restart({ search: paging.search, order: s?.order === 'ascend' ? 'asc' : 'desc' });
          }}
        />
        <Flex justify="flex-end" gap={8}>
          <Button
            disabled={!before.length}
            onClick={() => {
              const previous = before.at(-1);
              setBefore(before.slice(0, -1));
              onPaging({ ...paging, cursor: previous });
            }}
          >
            Previous
          </Button>
          <Button
            disabled={!next}
            onClick={() => {
              setBefore([...before, paging.cursor]);
              onPaging({ ...paging, cursor: next });
            }}
          >
            Next
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
