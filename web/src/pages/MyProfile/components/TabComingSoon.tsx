import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';

interface TabComingSoonProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** What the finished tab will hold, so the user knows what to expect. */
  features?: readonly string[];
}

/** A settings tab whose content is still being built: clearly marked, never an empty pane. */
export function TabComingSoon({ icon, title, description, features = [] }: TabComingSoonProps) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 16px', textAlign: 'center' }} role="status">
      <Flex
        align="center"
        justify="center"
        aria-hidden="true"
        style={{ width: 56, height: 56, borderRadius: 14, fontSize: 24, color: 'var(--brand-primary)', background: 'var(--brand-primary-bg)' }}
      >
        {icon}
      </Flex>
      <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
        Coming soon
      </Tag>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, margin: 0, fontSize: 15 }}>
        {description}
      </Typography.Paragraph>
      {features.length > 0 && (
        <Flex wrap justify="center" gap={8} style={{ maxWidth: 620, marginTop: 8 }}>
          {features.map((feature) => (
            <Tag key={feature} style={{ marginInlineEnd: 0, padding: '2px 10px' }}>
              {feature}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
