import type { ReactNode } from 'react';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../session';
import { normalizePath, paths } from '../routing/routeTable';
import { PageContainer } from './PageContainer';
import { ToolOutlined } from './icons';

interface ComingSoonProps {
  title: string;
  /** One sentence on what the screen will do, so visitors know they are in the right place. */
  description: string;
  icon?: ReactNode;
}

/**
 * The frame of a screen whose content is still being built: it names the screen and says what it
 * will do, and offers a way back, so an unfinished route never looks like a crash.
 */
export function ComingSoon({ title, description, icon = <ToolOutlined /> }: ComingSoonProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  const back = signedIn
    ? { to: paths.dashboard, label: 'Back to the dashboard' }
    : { to: paths.home, label: 'Back to the home page' };
  // The dashboard itself may be the unfinished screen; a button back to where you are is noise.
  const showBack = normalizePath(back.to) !== normalizePath(pathname);

  return (
    <PageContainer width={760}>
      <Card
        variant="borderless"
        style={{ boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.06)' }}
      >
        <Flex vertical align="center" gap={12} style={{ padding: '40px 16px', textAlign: 'center' }}>
          <Flex
            align="center"
            justify="center"
            style={{
              width: 64,
              height: 64,
              borderRadius: 16,
              fontSize: 28,
              color: 'var(--brand-primary)',
              background: 'var(--brand-primary-bg)',
            }}
            aria-hidden="true"
          >
            {icon}
          </Flex>
          <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
            Coming soon
          </Tag>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 520, fontSize: 16, margin: 0 }}>
            {description}
          </Typography.Paragraph>
          {showBack && (
            <Button style={{ marginTop: 12 }} onClick={() => navigate(back.to)}>
              {back.label}
            </Button>
          )}
        </Flex>
      </Card>
    </PageContainer>
  );
}
