import { Alert } from 'antd';

/** What an irreversible action's dialog opens with: the warning, then the server's refusal if any. */
export function IrreversibleAlerts({
  title,
  description,
  error,
}: {
  title: string;
  description: string;
  error: string | undefined;
}) {
  return (
    <>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={title} description={description} />
      {error !== undefined && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
    </>
  );
}
