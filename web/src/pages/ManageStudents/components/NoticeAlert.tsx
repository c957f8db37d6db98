import { Alert, List, Typography } from 'antd';
import type { Notice } from './notices';

/** The page-level notice (§8), with the refused rows or files listed under it; closing it clears it. */
export function NoticeAlert({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <Alert
      type={notice.type}
      showIcon
      closable={{ onClose }}
      title={notice.text}
      description={
        notice.problems !== undefined && notice.problems.length > 0 ? (
          <List
            size="small"
            dataSource={notice.problems}
            renderItem={(p) => (
              <List.Item style={{ paddingInline: 0 }}>
                <Typography.Text strong>{p.where}</Typography.Text>: {p.reason}
              </List.Item>
            )}
          />
        ) : undefined
      }
    />
  );
}
