import { Typography } from 'antd';

/**
 * Under a row's status: why its last invitation or certificate mail failed (the organisation's mail
 * server refused it, say), so the user sees the reason on the row and can fix the address or server.
 */
export function MailErrorText({ reason }: { reason?: string }) {
  if (!reason) return null;
  return (
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid="mail-error">
      {reason.charAt(0).toUpperCase() + reason.slice(1)}
    </Typography.Text>
  );
}
