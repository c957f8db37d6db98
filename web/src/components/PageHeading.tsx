import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

interface PageHeadingProps {
  /** The screen's icon, shown in a tile before the title. */
  icon: ReactNode;
  title: string;
  subtitle: string;
  /** Controls on the right (certificate type, links to related screens). */
  children?: ReactNode;
}

const iconTile = {
  width: 52,
  height: 52,
  borderRadius: 12,
  background: 'linear-gradient(135deg, #3b6cf6, #1a3fb8)',
  color: '#fff',
  fontSize: 24,
};

/** The head of a recipient / certificate screen: icon, title and subtitle, then its controls. */
export function PageHeading({ icon, title, subtitle, children }: PageHeadingProps) {
  return (
    <Flex justify="space-between" align="flex-end" wrap gap={16}>
      <Flex align="center" gap={16}>
        <Flex align="center" justify="center" style={iconTile}>
          {icon}
        </Flex>
        <Flex vertical gap={2}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </Flex>
      </Flex>
      <Flex gap={12} align="center" wrap>
        {children}
      </Flex>
    </Flex>
  );
}
