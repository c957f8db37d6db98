import { useState } from 'react';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { QrCode, qrPngDataUrl } from '../../../components/QrCode';
import { DownloadOutlined } from '../../../components/icons';

interface QrModalProps {
  /** The certificate's verifier page, which its QR code leads to; no modal without one. */
  target?: { url: string; name: string; studentid: string };
  onClose: () => void;
}

/**
 * A certificate's QR code (the Issued tab's QR link): drawn here from its verifier page's URL, with
 * a PNG of it to download (named as in the download zip). Nothing is stored per certificate for it.
 */
export function QrModal({ target, onClose }: QrModalProps) {
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!target) return;
    try {
      const a = document.createElement('a');
      a.href = await qrPngDataUrl(target.url);
      a.download = `${target.studentid}-qr.png`;
      a.click();
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Modal
      open={!!target}
      title={target ? `QR code of ${target.name}` : 'QR code'}
      onCancel={() => {
        setFailed(false);
        onClose();
      }}
      footer={
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download()}>
          Download PNG
        </Button>
      }
      destroyOnHidden
    >
      {target && (
        <Flex vertical align="center" gap={12}>
          <QrCode text={target.url} size={240} testId="certificate-qr" />
          <Typography.Text
            type="secondary"
            copyable={{ text: target.url }}
            style={{ wordBreak: 'break-all' }}
          >
            {target.url}
          </Typography.Text>
          {failed && <Alert type="error" showIcon title="The PNG could not be made. Please try again." />}
        </Flex>
      )}
    </Modal>
  );
}
