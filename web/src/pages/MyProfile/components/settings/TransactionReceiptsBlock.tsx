import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import { transactionsApi } from '../../../../api/transactions';
import { errorText } from '../../../../api/envelope';
import { queryKeys } from '../../../../auth/queryKeys';
import { useOrgScope } from '../../../../auth/useOrgScope';
import { BlockCard } from './BlockCard';

const stateColour: Record<TransactionReceipt['state'], string> = {
  prepared: 'default',
  signing: 'processing',
  signed: 'processing',
  broadcast: 'processing',
  published: 'success',
};

/** Transaction receipts: every anchoring transaction of the organisation, newest first. */
export function TransactionReceiptsBlock() {
  const org = useOrgScope();
  const receipts = useQuery({
    queryKey: [...queryKeys.org(org), 'transactions'],
    queryFn: transactionsApi.list,
    select: (answer) => answer.data,
  });
  return (
    <BlockCard
      title="Transaction receipts"
      description="One blockchain transaction anchors each batch of certificates and each change of a status list."
    >
      {receipts.isError ? (
        <Alert type="error" showIcon title={errorText(receipts.error)} />
      ) : (
        <Table<TransactionReceipt>
          size="small"
          rowKey="batchId"
          loading={receipts.isPending}
          dataSource={receipts.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: 'No transactions yet.' }}
          // Six columns do not fit a phone: the table scrolls inside its card, the page does not.
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Date', dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              title: 'What',
              dataIndex: 'kind',
              render: (k: string, r) =>
                k === 'statuslist'
                  ? 'Status list update'
                  : `${r.count} certificate${r.count === 1 ? '' : 's'}`,
            },
            { title: 'Chain', render: (_: unknown, r) => `${r.blockchain} ${r.network}` },
            {
              title: 'State',
              dataIndex: 'state',
              render: (s: TransactionReceipt['state']) => <Tag color={stateColour[s]}>{s}</Tag>,
            },
            {
              title: 'Transaction',
              dataIndex: 'txId',
              render: (tx?: string) =>
                tx ? (
                  <Typography.Text
                    code
                    copyable={{ text: tx }}
                  >{`${tx.slice(0, 10)}…${tx.slice(-6)}`}</Typography.Text>
                ) : (
                  '—'
                ),
            },
            { title: 'Block', dataIndex: 'blockNumber', render: (n?: number) => n ?? '—' },
          ]}
        />
      )}
    </BlockCard>
  );
}
