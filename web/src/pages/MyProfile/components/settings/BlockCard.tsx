import type { ReactNode } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';

interface BlockCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title (e.g. "Active"). */
  tag?: ReactNode;
  children: ReactNode;
  /** Shown when the user may look but not change (e.g. main administrator only). */
  readOnlyNote?: string;
  id?: string;
}

/** The frame every settings block shares: a titled card with its own form and Save. */
export function BlockCard({ title, description, tag, children, readOnlyNote, id }: BlockCardProps) {
  return (
    <Card
      id={id}
      size="small"
      styles={{ body: { padding: 20, display: 'flex', flexDirection: 'column', height: '100%' } }}
      style={{ borderRadius: 12, height: '100%' }}
      role="region"
      aria-label={title}
    >
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={8} wrap>
          {/* Element Timing: the browser reports when the title was painted (the bench's first open). */}
          <Typography.Title level={5} style={{ margin: 0 }} {...{ elementtiming: title }}>
            {title}
          </Typography.Title>
          {tag}
          {readOnlyNote !== undefined && (
            <Tag color="default" style={{ marginInlineEnd: 0 }}>
              Read only
            </Tag>
          )}
        </Flex>
        {description !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {description}
          </Typography.Text>
        )}
        {readOnlyNote !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {readOnlyNote}
          </Typography.Text>
        )}
      </Flex>
      <Flex vertical style={{ flex: 1 }}>
        {children}
      </Flex>
    </Card>
  );
}
