import { useState } from 'react';
import { Button, Dropdown, Flex, Space, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { canDownload, canHold, canRevoke, canSend, canUnhold } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useCan } from '../../../auth/useCan';
import { workspaceApi } from '../../../api/workspace';
import {
  DownloadOutlined,
  DownOutlined,
  MailOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
} from '../../../components/icons';
import { SelectionBar, SelectionCount } from '../../../components/SelectionBar';
import { failureNotice, failureText } from '../../ManageStudents/components/notices';
import { CertificateTable, childOnly, rowName } from './CertificateTable';
import { DownloadModal } from './DownloadModal';
import type { DownloadOptions, DownloadType } from './DownloadModal';
import type { CertTableRow } from './certificate-rows';
import { QrModal } from './QrModal';
import { RevokeModal } from './RevokeModal';
import { ActionButton, RuleButton } from './RuleButton';
import type { RevokeSubmission } from './RevokeModal';
import { allowed, useSelectionAction } from './selection-actions';
import type { TabProps } from './tab-props';
import { useTabSelection } from './useTabSelection';

interface IssuedTabProps extends TabProps {
  downloadType: DownloadType;
  onDownloadType: (type: DownloadType) => void;
  onRefresh: () => void;
}

const anyKind = { downloadjson: true, downloadpdf: true, downloadprint: true, downloadqrcode: true };

/**
 * The Issued tab (§2.5): per-row Preview / Pdf / Json / Print / QR links; send, download options,
 * hold and unhold, refresh, and revoke from the "Action N selected" menu. Open Badges: send,
 * refresh and revoke (a badge names only a revocation list, so it cannot be held).
 */
export function IssuedTab(props: IssuedTabProps) {
  const { certtype, selected, onNotice, onRun, disabled } = props;
  const canSendCerts = useCan('sendcertificate');
  const canIssueCerts = useCan('issuecertificate');
  const canManage = useCan('managecertificate');

  const { items, statuses, sel } = useTabSelection(props);
  const openBadges = certtype === 'openbadges';
  const selectedCount = items.length;
  const guard = { disabled, onNotice };

  const [downloadOpen, setDownloadOpen] = useState(false);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [revokeError, setRevokeError] = useState<string>();
  const [qrOf, setQrOf] = useState<CertTableRow>();

  const send = useMutation({
    mutationFn: () => workspaceApi.send(sel),
    onSuccess: (answer) => onRun(answer.data),
    onError: (error) => onNotice(failureNotice(error, 'failed')),
  });

  const download = useMutation({
    mutationFn: (choice: DownloadOptions) => workspaceApi.download({ ...sel, ...choice }),
    onSuccess: (answer) => {
      setDownloadOpen(false);
      onRun(answer.data);
    },
    onError: (error) => {
      setDownloadOpen(false);
      onNotice(failureNotice(error, m.downloadFailed));
    },
  });

  const hold = useSelectionAction(workspaceApi.hold, sel, m.held, props);
  const unhold = useSelectionAction(workspaceApi.unhold, sel, m.unheld, props);

  const revoke = useMutation({
    mutationFn: (values: RevokeSubmission) => workspaceApi.revoke({ ...values, ...sel }),
    onSuccess: (answer) => {
      setRevokeOpen(false);
      props.onChanged({ type: 'success', text: answer.message || m.revoked });
    },
    onError: (error) => setRevokeError(failureText(error, 'failed')),
  });

  const link = (href: string, text: string, row: CertTableRow) =>
    href ? (
      <Typography.Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${text} of ${rowName(row)}`}
      >
        {text}
      </Typography.Link>
    ) : (
      <Typography.Text type="secondary">{text}</Typography.Text>
    );

  const extraColumns: TableColumnsType<CertTableRow> = [
    {
      title: 'Links',
      key: 'links',
      width: 230,
      render: childOnly((row) => (
        <Space size={8} wrap>
          {link(row.verifyurl, 'Preview', row)}
          {link(row.pdfdownloadurl, 'Pdf', row)}
          {link(row.jsondownloadurl, 'Json', row)}
          {link(row.printpdfurl, 'Print', row)}
          {row.verifyurl ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              onClick={() => setQrOf(row)}
              aria-label={`QR of ${rowName(row)}`}
            >
              QR
            </Button>
          ) : (
            <Typography.Text type="secondary">QR</Typography.Text>
          )}
        </Space>
      )),
    },
  ];

  const refresh = (
    <Tooltip title="Refresh">
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh}>
        Refresh
      </Button>
    </Tooltip>
  );

  return (
    <Flex vertical gap={16}>
      <SelectionBar>
        <Flex align="center" gap={12}>
          {/* Badges are revoked like certificates (their W3C status list); they cannot be held. */}
          {canIssueCerts && (
            <Dropdown
              disabled={selectedCount === 0 || disabled}
              trigger={['click']}
              menu={{
                items: [{ key: 'revoke', label: 'Revoke', danger: true }],
                onClick: ({ key }) => {
                  if (key !== 'revoke') return;
                  // The reason is asked in the dialog; here only the selection is judged.
                  if (!allowed(canRevoke(statuses, '-'), onNotice)) return;
                  setRevokeError(undefined);
                  setRevokeOpen(true);
                },
              }}
            >
              <Button icon={<DownOutlined />} iconPlacement="end">
                Action {selectedCount} selected
              </Button>
            </Dropdown>
          )}
          {!canIssueCerts && <SelectionCount selected={selected} hint="Select certificates to act on them" />}
        </Flex>
        <Space wrap size={8} role="toolbar" aria-label="Issued actions">
          {canSendCerts && (
            <ActionButton
              {...guard}
              type="primary"
              icon={<MailOutlined />}
              action={send}
              rule={() => canSend(statuses)}
            >
              {openBadges ? 'Send OpenBadges' : 'Send Certificate'}
            </ActionButton>
          )}
          {!openBadges && (
            <>
              <RuleButton
                {...guard}
                icon={<DownloadOutlined />}
                rule={() => canDownload(statuses, anyKind)}
                onAllowed={() => setDownloadOpen(true)}
              >
                Download
              </RuleButton>
              {canManage && (
                <ActionButton
                  {...guard}
                  icon={<PauseCircleOutlined />}
                  action={hold}
                  rule={() => canHold(statuses)}
                >
                  Hold
                </ActionButton>
              )}
              {canManage && (
                <ActionButton
                  {...guard}
                  icon={<PlayCircleOutlined />}
                  action={unhold}
                  rule={() => canUnhold(statuses)}
                >
                  Unhold
                </ActionButton>
              )}
            </>
          )}
          {refresh}
        </Space>
      </SelectionBar>

      <CertificateTable {...props} label="Issued certificates" extraColumns={extraColumns} />

      <DownloadModal
        open={downloadOpen}
        initialType={props.downloadType}
        busy={download.isPending}
        check={(choice) => {
          const verdict = canDownload(statuses, choice);
          return verdict.ok ? undefined : verdict.message;
        }}
        onOk={(choice) => {
          props.onDownloadType(choice.downloadtype);
          download.mutate(choice);
        }}
        onCancel={() => setDownloadOpen(false)}
      />
      <QrModal
        target={qrOf && { url: qrOf.verifyurl, name: rowName(qrOf), studentid: qrOf.studentid }}
        onClose={() => setQrOf(undefined)}
      />
      <RevokeModal
        open={revokeOpen}
        count={statuses.length}
        busy={revoke.isPending}
        error={revokeError}
        onSubmit={(values) => {
          setRevokeError(undefined);
          revoke.mutate(values);
        }}
        onCancel={() => setRevokeOpen(false)}
      />
    </Flex>
  );
}
