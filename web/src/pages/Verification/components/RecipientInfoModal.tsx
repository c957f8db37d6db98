import { Descriptions, Flex, Modal, Typography } from 'antd';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { CertTableRow } from '../../ManageCertificate/components/certificate-rows';
import { fullName } from '../../ManageCertificate/components/certificate-rows';
import { extraFieldItems } from './approval-rows';
import { RecipientDocument } from './RecipientDocument';

interface RecipientInfoModalProps {
  row: CertTableRow | undefined;
  /** The profile's verification items: the labels of the extra fields, in order (§2.6). */
  verificationItems: readonly string[];
  /** The certificate type on screen: the recipient's row (and document) is kept per type. */
  certtype: CertificateType;
  onClose: () => void;
}

/** Recipient Information (§2.6): read-only name, student id, email, the extra verification fields and the embedded document. */
export function RecipientInfoModal({ row, verificationItems, certtype, onClose }: RecipientInfoModalProps) {
  return (
    <Modal
      open={row !== undefined}
      title="Recipient Information"
      footer={null}
      onCancel={onClose}
      width={640}
    >
      {row !== undefined && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'name', label: 'Student name', children: fullName(row) || '—' },
              { key: 'id', label: 'Student ID', children: row.studentid },
              { key: 'email', label: 'Email', children: row.field4 || '—' },
              ...extraFieldItems(row.extrafields, verificationItems).map((f) => ({
                key: `x-${f.label}`,
                label: f.label,
                children: f.value || '—',
              })),
              ...(row.declinereason
                ? [{ key: 'reason', label: 'Decline reason', children: row.declinereason }]
                : []),
            ]}
          />
          <Typography.Text strong>Document</Typography.Text>
          <RecipientDocument key={row.id} cohort={row.cohortid} student={row.studentid} certtype={certtype} />
        </Flex>
      )}
    </Modal>
  );
}
