import { useMemo } from 'react';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { CohortRow } from '@proofmark/shared/contract/recipients';
import { EditOutlined, EyeOutlined } from '../../../components/icons';
import { statusColor } from '../../../components/statusColor';
import { BouncedTag } from '../../../components/BouncedTag';
import { MailErrorText } from '../../../components/MailErrorText';
import { TreeTable } from '../../../components/TreeTable';
import { fullName, tableRows } from './recipient-rows';
import { TreeNameCell } from './TreeNameCell';
import type { TableRow } from './recipient-rows';

interface RecipientTableProps {
  tree: readonly CohortRow[];
  loading: boolean;
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
  canEdit: boolean;
  onEdit: (row: TableRow) => void;
  onPhoto: (row: TableRow) => void;
  emptyText: string;
}

const muted = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * The recipient tree (§2.1): a cohort row with its recipients as children, expanded by default;
 * checking a cohort checks its recipients, unchecking a recipient unchecks its cohort (shared
 * toggleSelection). The edit icon shows only for rows with a status.
 */
export function RecipientTable(props: RecipientTableProps) {
  const { tree, loading, selected, onSelected, canEdit, onEdit, onPhoto, emptyText } = props;
  const rows = useMemo(() => tableRows(tree), [tree]);

  const columns: TableColumnsType<TableRow> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, row) => <TreeNameCell row={row} />,
    },
    {
      title: 'eMail',
      key: 'email',
      render: (_, row) =>
        row.is_child === 0 ? null : (
          <Flex vertical>
            <Typography.Text>
              {row.field4}
              <BouncedTag bounced={row.bounced} />
            </Typography.Text>
            {row.secondemailaddress !== '' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.secondemailaddress}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: 'Public key',
      dataIndex: 'field6',
      key: 'publickey',
      width: 170,
      ellipsis: { showTitle: false },
      render: (key: string, row) =>
        row.is_child === 0 ? null : key ? (
          <Tooltip title={key} placement="topLeft">
            <Typography.Text code style={{ fontSize: 12 }}>
              {key}
            </Typography.Text>
          </Tooltip>
        ) : (
          muted
        ),
    },
    {
      title: 'One-time code',
      dataIndex: 'field7',
      key: 'otc',
      width: 190,
      ellipsis: { showTitle: false },
      render: (code: string, row) =>
        row.is_child === 0 ? null : code ? (
          <Tooltip title={code} placement="topLeft">
            <Typography.Text
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 }}
            >
              {code}
            </Typography.Text>
          </Tooltip>
        ) : (
          muted
        ),
    },
    {
      title: 'Photo',
      dataIndex: 'field10',
      key: 'photo',
      width: 90,
      render: (photo: string, row) =>
        row.is_child === 0 ? null : photo === 'Yes' ? (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            style={{ paddingInline: 0 }}
            aria-label={`Preview photo of ${fullName(row) || row.studentid}`}
            onClick={() => onPhoto(row)}
          >
            Yes
          </Button>
        ) : (
          <Typography.Text type="secondary">No</Typography.Text>
        ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      width: 150,
      render: (status: string, row) =>
        row.is_child === 0 ? null : (
          <>
            {status ? (
              <Tag color={statusColor(status)} style={{ marginInlineEnd: 0 }}>
                {status}
              </Tag>
            ) : (
              <Typography.Text type="secondary">Not invited</Typography.Text>
            )}
            <MailErrorText reason={row.mailError} />
          </>
        ),
    },
    {
      title: <span className="pm-visually-hidden">Actions</span>,
      key: 'actions',
      width: 56,
      align: 'right',
      render: (_, row) =>
        canEdit && row.is_child === 1 && row.status !== '' ? (
          <Tooltip title="Edit">
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${fullName(row) || row.studentid}`}
              onClick={() => onEdit(row)}
            />
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <TreeTable<TableRow>
      columns={columns}
      rows={rows}
      loading={loading}
      minWidth={960}
      emptyText={emptyText}
      rowClassName={(row) => (row.is_child === 0 ? 'ms-cohort-row' : '')}
      selected={selected}
      onSelected={onSelected}
      nameOf={(row) => fullName(row) || row.studentid}
    />
  );
}
