import { useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { EyeOutlined } from '../../../components/icons';
import { statusColor } from '../../../components/statusColor';
import { BouncedTag } from '../../../components/BouncedTag';
import { MailErrorText } from '../../../components/MailErrorText';
import { TreeTable } from '../../../components/TreeTable';
import { TreeNameCell } from '../../ManageStudents/components/TreeNameCell';
import { certTableRows, fullName } from './certificate-rows';
import type { CertTableRow } from './certificate-rows';
import type { TabProps } from './tab-props';

interface CertificateTableProps extends Pick<
  TabProps,
  'tree' | 'loading' | 'selected' | 'onSelected' | 'emptyText'
> {
  /** Names the table for assistive technology and tests ("In-Progress certificates"). */
  label: string;
  /** The columns after the shared ones (Name, eMail, PublicKey, SecondEmail, OneTimeCode). */
  extraColumns: TableColumnsType<CertTableRow>;
  /** Status text of a recipient row, and its tag colour; the status itself when absent. */
  statusText?: (row: CertTableRow) => string;
  statusTone?: (row: CertTableRow) => string | undefined;
}

const muted = <Typography.Text type="secondary">—</Typography.Text>;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };

/** Text that may be long: one line, the whole value in a tooltip. */
const clipped = (value: string, style?: CSSProperties): ReactNode =>
  value ? (
    <Tooltip title={value} placement="topLeft">
      <Typography.Text style={style}>{value}</Typography.Text>
    </Tooltip>
  ) : (
    muted
  );

/** Renders only on recipient rows: cohort rows show their name and count alone. */
export const childOnly =
  (render: (row: CertTableRow) => ReactNode) =>
  (_: unknown, row: CertTableRow): ReactNode =>
    row.is_child === 0 ? null : render(row);

export const rowName = (row: CertTableRow): string => fullName(row) || row.studentid;

/**
 * The tree list of the workspace tabs and the approval screen (§2.5, §2.6): cohort rows with their
 * recipients as children, expanded by default, with the shared tree selection.
 */
export function CertificateTable(props: CertificateTableProps) {
  const { label, tree, loading, selected, onSelected, emptyText, extraColumns, statusText, statusTone } =
    props;
  const rows = useMemo(() => certTableRows(tree), [tree]);

  const columns: TableColumnsType<CertTableRow> = [
    {
      title: 'Name',
      key: 'name',
      width: 190,
      render: (_, row) => <TreeNameCell row={row} wrap />,
    },
    {
      title: 'eMail',
      key: 'email',
      width: 190,
      ellipsis: { showTitle: false },
      render: childOnly((row) => (
        <>
          {clipped(row.field4)}
          <BouncedTag bounced={row.bounced} />
        </>
      )),
    },
    {
      title: 'PublicKey',
      key: 'publickey',
      width: 130,
      ellipsis: { showTitle: false },
      render: childOnly((row) => clipped(row.field6, mono)),
    },
    {
      title: 'SecondEmail',
      key: 'secondemail',
      width: 150,
      ellipsis: { showTitle: false },
      render: childOnly((row) => clipped(row.secondemailaddress)),
    },
    {
      title: 'OneTimeCode',
      key: 'otc',
      width: 120,
      ellipsis: { showTitle: false },
      render: childOnly((row) => clipped(row.field7, mono)),
    },
    {
      title: 'Status',
      key: 'status',
      width: 150,
      render: childOnly((row) => {
        const text = statusText?.(row) ?? row.status;
        return (
          <>
            {text ? (
              <Tag color={statusTone?.(row) ?? statusColor(row.status)} style={{ marginInlineEnd: 0 }}>
                {text}
              </Tag>
            ) : (
              muted
            )}
            <MailErrorText reason={row.mailError} />
          </>
        );
      }),
    },
    ...extraColumns,
  ];

  return (
    <TreeTable<CertTableRow>
      aria-label={label}
      columns={columns}
      rows={rows}
      loading={loading}
      tableLayout="fixed"
      minWidth={1100}
      emptyText={emptyText}
      selected={selected}
      onSelected={onSelected}
      nameOf={rowName}
    />
  );
}

/** A small link-styled button for a recipient row ("View", a photo's "Yes"). */
export function RowButton(props: {
  label: string;
  icon?: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      type="link"
      icon={props.icon ?? <EyeOutlined />}
      style={{ paddingInline: 0 }}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
