import { useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Pagination, Spin, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useOrgScope } from '../../../auth/useOrgScope';
import { workspaceApi, workspaceKeys } from '../../../api/workspace';
import { failureText } from '../../ManageStudents/components/notices';
import { previewFailureText } from '../failureText';
import { CertificateFrame } from './CertificateFrame';

interface PreviewModalProps {
  /** The selection to preview; undefined: closed. */
  items: string[] | undefined;
  certtype: CertificateType;
  /** §2.5: Validate shows only with the validate permission and profile validate = 1. */
  canValidate: boolean;
  onValidated: () => void;
  onClose: () => void;
}

/**
 * Preview Certificates (§2.5): the rendered certificates of a selection, one per page, each in a
 * sandboxed frame (no scripts, no same-origin access), with Validate / Validated and Close.
 */
export function PreviewModal(props: PreviewModalProps) {
  const { items, onClose } = props;
  return (
    <Modal
      open={items !== undefined}
      title="Preview Certificates"
      width={960}
      onCancel={onClose}
      destroyOnHidden
      // Close is the dialog's own button below; a second one in the corner would say the same.
      closable={false}
      footer={null}
    >
      {items !== undefined && <PreviewPages {...props} items={items} />}
    </Modal>
  );
}

function PreviewPages({
  items,
  certtype,
  canValidate,
  onValidated,
  onClose,
}: PreviewModalProps & { items: string[] }) {
  const org = useOrgScope();
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<{ type: 'success' | 'warning'; text: string }>();
  const preview = useQuery({
    queryKey: workspaceKeys.preview(org, { items, certtype, page }),
    queryFn: () => workspaceApi.preview({ selectedItems: items, certtype, page, pageSize: 1 }),
    select: (answer) => answer.data,
    retry: false,
  });
  const cert = preview.data?.PreviewCert[0];

  const validate = useMutation({
    mutationFn: (cohortmemberid: string) => workspaceApi.validate({ certtype, cohortmemberid }),
    onSuccess: (answer) => {
      setNotice({ type: 'success', text: answer.message || m.validated });
      void preview.refetch();
      onValidated();
    },
    onError: (error) => setNotice({ type: 'warning', text: failureText(error, 'failed') }),
  });

  return (
    <Flex vertical gap={12}>
      {notice !== undefined && (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          closable={{ onClose: () => setNotice(undefined) }}
        />
      )}
      {preview.isPending ? (
        <Flex justify="center" align="center" style={{ minHeight: 320 }}>
          <Spin />
        </Flex>
      ) : preview.isError || cert === undefined ? (
        <Empty
          description={preview.isError ? previewFailureText(preview.error) : m.noGeneratedCertificates}
        />
      ) : (
        <>
          <Flex justify="space-between" align="center">
            <Typography.Text strong>{cert.name || cert.cohortmemberid}</Typography.Text>
            <Typography.Text type="secondary">{cert.cohortmemberid}</Typography.Text>
            <Typography.Text type="secondary">
              {cert.designVersion ? `Design version ${cert.designVersion}` : 'Default design'}
            </Typography.Text>
          </Flex>
          <CertificateFrame
            html={cert.certitem}
            title={`Certificate of ${cert.name || cert.cohortmemberid}`}
          />
        </>
      )}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Pagination
          simple
          current={page + 1}
          pageSize={1}
          total={preview.data?.total ?? 0}
          onChange={(next) => setPage(next - 1)}
          hideOnSinglePage
        />
        <Flex gap={8}>
          {canValidate && cert !== undefined && (
            <Button
              type="primary"
              disabled={cert.is_validated === 1}
              loading={validate.isPending}
              onClick={() => validate.mutate(cert.cohortmemberid)}
            >
              {cert.is_validated === 1 ? 'Validated' : 'Validate'}
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
