import { Descriptions, Modal } from 'antd';
import type { CertTableRow } from '../../ManageCertificate/components/logic';
import { fullName } from '../../ManageCertificate/components/logic';
import { extraFieldItems } from './logic';

interface RecipientInfoModalProps {
  row: CertTableRow | undefined;
  /** The profile's verification items: the labels of the extra fields, in order (§2.6). */
  verificationItems: readonly string[];
  onClose: () => void;
}

/** Recipient Information (§2.6): read-only name, student id, email and the extra verification fields. */
export function RecipientInfoModal({ row, verificationItems, onClose }: RecipientInfoModalProps) {
  return (
    <Modal
      open={row !== undefined}
      title="Recipient Information"
      footer={null}
      onCancel={onClose}
      width={560}
    >
      {row !== undefined && (
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
      )}
    </Modal>
  );
}
