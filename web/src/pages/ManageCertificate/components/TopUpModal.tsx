import { Alert, Button, Modal, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

interface TopUpModalProps {
  open: boolean;
  balance: number | undefined;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}

/** TOP UP (§2.5, §8): the balance is too low to issue; buy a plan on /Plans, or Send asks the product team. */
export function TopUpModal({ open, balance, busy, onSend, onCancel }: TopUpModalProps) {
  return (
    <Modal
      open={open}
      title="TOP UP"
      okText="Send"
      cancelText="Cancel"
      confirmLoading={busy}
      onOk={onSend}
      onCancel={onCancel}
    >
      <Alert type="warning" showIcon title={m.insufficientBalance} />
      {balance !== undefined && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Current balance: {balance} {balance === 1 ? 'certificate' : 'certificates'}.
        </Typography.Paragraph>
      )}
      <Link to="/Plans">
        <Button type="primary" style={{ marginTop: 12 }}>
          Buy a plan
        </Button>
      </Link>
    </Modal>
  );
}
