import { useState } from 'react';
import { Descriptions, Flex, Modal, Segmented, Typography } from 'antd';
import type { PreviewMail } from '@proofmark/shared/contract/invitations';
import { previewDocument } from './invitation-preview';


interface InvitationPreviewModalProps {
  mails: readonly PreviewMail[] | undefined;
  onClose: () => void;
}

/** Preview of the invitation emails of the selection (§2.1, §7: PreviewMail list). */
export function InvitationPreviewModal({ mails, onClose }: InvitationPreviewModalProps) {
  const [index, setIndex] = useState(0);
  const mail = mails?.[Math.min(index, mails.length - 1)];
  return (
    <Modal
      open={mails !== undefined}
      title="Preview invitation email"
      footer={null}
      onCancel={() => {
        setIndex(0);
        onClose();
      }}
      width={760}
      destroyOnHidden
    >
      {mail === undefined ? (
        <Typography.Text type="secondary">There is nothing to preview.</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {mails !== undefined && mails.length > 1 && (
            <Segmented
              value={index}
              onChange={(value) => setIndex(Number(value))}
              options={mails.map((m, i) => ({ label: m.to, value: i }))}
              style={{ maxWidth: '100%', overflowX: 'auto' }}
            />
          )}
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'to', label: 'To', children: mail.to },
              { key: 'subject', label: 'Subject', children: mail.subject },
            ]}
          />
          <iframe
            title="Invitation email"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={previewDocument(mail.html)}
            style={{ width: '100%', height: 440, border: '1px solid rgba(5,5,5,.08)', borderRadius: 8, background: '#fff' }}
          />
        </Flex>
      )}
    </Modal>
  );
}
