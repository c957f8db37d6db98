import { useState } from 'react';
import { Alert, Button, Card, Flex, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { LedgerEntryData, PurchaseData } from '@proofmark/shared/contract/billing';
import { billingApi, saveFile, useLedgerPage, usePurchases } from '../../../api/billing';
import { errorText } from '../../../api/envelope';
import { DownloadOutlined, FilePdfOutlined, ThunderboltOutlined } from '../../../components/icons';
import { routeTable } from '../../../routing/routeTable';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** What each kind of ledger entry is called on screen. */
const reasonText: Record<LedgerEntryData['reason'], string> = {
  trial: 'Free trial',
  issue: 'Certificates issued',
  bake: 'Open Badges baked',
  refund: 'Returned (not issued)',
  purchase: 'Plan bought',
  'payment-refund': 'Payment refunded',
  grant: 'Given by the Proofmark team',
};

const ledgerColumns: TableColumnsType<LedgerEntryData> = [
  { title: 'Date', dataIndex: 'at', render: (at: string) => when.format(new Date(at)) },
  {
    title: 'Reason',
    key: 'reason',
    render: (_, e) => (
      <Flex vertical>
        <span>{reasonText[e.reason]}</span>
        {e.note && <Typography.Text type="secondary">{e.note}</Typography.Text>}
      </Flex>
    ),
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (n: number) => (n > 0 ? `+${n}` : `${n}`),
  },
  { title: 'Balance after', dataIndex: 'balanceAfter', align: 'right' },
];

/** The ledger, newest first, a page at a time (the server's cursors, kept to go back). */
function LedgerCard() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = useLedgerPage(cursors[cursors.length - 1]);
  const [csvError, setCsvError] = useState<string>();
  const exportCsv = () => {
    setCsvError(undefined);
    billingApi
      .ledgerCsv()
      .then((f) => saveFile(f.filename, 'text/csv', { text: f.csv }))
      .catch((err: unknown) => setCsvError(errorText(err)));
  };
  return (
    <Card
      title="Balance ledger"
      size="small"
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv}>
          CSV
        </Button>
      }
    >
      {(page.error || csvError) && (
        <Alert type="error" showIcon title={csvError ?? errorText(page.error)} style={{ marginBottom: 12 }} />
      )}
      <Table<LedgerEntryData>
        size="small"
        rowKey={(e) => `${e.at}-${e.reason}-${e.amount}-${e.balanceAfter}`}
        columns={ledgerColumns}
        dataSource={page.data?.entries ?? []}
        loading={page.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
        <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors((c) => [...c, page.data!.nextCursor!])}
        >
          Older
        </Button>
      </Flex>
    </Card>
  );
}

/** The plans bought, each with its receipt (a PDF). */
function PurchasesCard() {
  const purchases = usePurchases();
  const [receiptError, setReceiptError] = useState<string>();
  const download = (id: string) => {
    setReceiptError(undefined);
    billingApi
      .receipt(id)
      .then((r) => saveFile(r.filename, r.contentType, { base64: r.base64 }))
      .catch((err: unknown) => setReceiptError(errorText(err)));
  };
  const columns: TableColumnsType<PurchaseData> = [
    { title: 'Date', dataIndex: 'paidAt', render: (at: string) => when.format(new Date(at)) },
    { title: 'Plan', dataIndex: 'planName' },
    { title: 'Certificates', dataIndex: 'certificates', align: 'right' },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, p) =>
        p.refundedCents > 0
          ? `${money(p.amountCents, p.currency)} (refunded ${money(p.refundedCents, p.currency)})`
          : money(p.amountCents, p.currency),
    },
    {
      title: 'Receipt',
      key: 'receipt',
      render: (_, p) => (
        <Button
          size="small"
          icon={<FilePdfOutlined />}
          aria-label={`Download the receipt of ${p.planName} paid ${when.format(new Date(p.paidAt))}`}
          onClick={() => download(p.paymentId)}
        >
          PDF
        </Button>
      ),
    },
  ];
  return (
    <Card title="Purchases" size="small">
      {(purchases.error || receiptError) && (
        <Alert type="error" showIcon title={receiptError ?? errorText(purchases.error)} style={{ marginBottom: 12 }} />
      )}
      <Table<PurchaseData>
        size="small"
        rowKey="paymentId"
        columns={columns}
        dataSource={purchases.data ?? []}
        loading={purchases.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No plan bought yet.' }}
      />
    </Card>
  );
}

/** MyProfile → Billing: the balance, its ledger, and the plans bought with their receipts. */
export function BillingTab() {
  const navigate = useNavigate();
  const ledger = useLedgerPage(undefined);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Statistic title="Current balance" value={ledger.data?.balance ?? '…'} suffix="certificates" />
        <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => navigate(routeTable.plans.path)}>
          Buy a plan
        </Button>
      </Flex>
      <LedgerCard />
      <PurchasesCard />
    </Flex>
  );
}
