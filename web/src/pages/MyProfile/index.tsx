import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Avatar, Card, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { permissionLevel } from '@proofmark/shared/accounts/permissions';
import type { Permissions } from '@proofmark/shared/accounts/permissions';
import { useCan } from '../../auth/useCan';
import { PageContainer } from '../../components/PageContainer';
import {
  CreditCardOutlined,
  KeyOutlined,
  LockOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '../../components/icons';
import { useSession } from '../../session';
import type { Session } from '../../session';
import { LevelTag } from './components/levelTag';
import { ProfileTab } from './components/ProfileTab';
import { SettingsTab } from './components/settings/SettingsTab';
import { useSessionSync } from './components/useSessionSync';
import { profileTabs } from './lazyParts';

// The tabs other than Profile and Setting load when first shown (why: lazyParts.ts).
const KeyPairTab = profileTabs.keypair.Component;
const ChangePasswordTab = profileTabs.password.Component;
const TeamTab = profileTabs.team.Component;
const BillingTab = profileTabs.billing.Component;

const later = (tab: ReactNode) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{tab}</Suspense>
);

const tabKeys = ['profile', 'keypair', 'password', 'team', 'settings', 'billing'] as const;
type TabKey = (typeof tabKeys)[number];

function tabLabel(icon: ReactNode, text: string) {
  return (
    <Flex align="center" gap={8}>
      {icon}
      {text}
    </Flex>
  );
}

function ProfileHeader({ session, isMainAdmin }: { session: Session; isMainAdmin: boolean }) {
  const name = `${session.fname} ${session.lname}`.trim() || session.email;
  const initials = `${session.fname.charAt(0)}${session.lname.charAt(0)}`.toUpperCase() || '?';
  return (
    <Flex align="center" gap={20} wrap>
      <Avatar
        size={64}
        style={{ background: 'linear-gradient(135deg, #3b6cf6, #1a3fb8)', fontSize: 24, fontWeight: 600 }}
      >
        {initials}
      </Avatar>
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Flex align="center" gap={10} wrap>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
            {name}
          </Typography.Title>
          {isMainAdmin ? (
            <Tag color="gold" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
              MAIN ADMIN
            </Tag>
          ) : session.permissions !== undefined ? (
            <LevelTag level={permissionLevel(session.permissions as Permissions)} />
          ) : null}
        </Flex>
        <Typography.Text type="secondary">
          {session.email}
          {session.organization_name ? ` · ${session.organization_name}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/**
 * Spec §2 settings screen (MyProfile) with its five tabs (Team only for the main administrator), and
 * ours: Billing (the ledger and purchases) for those who may buy plans.
 */
export default function MyProfilePage() {
  useSessionSync();
  const session = useSession();
  const isMainAdmin = useCan('mainAdmin');
  const mayBill = useCan('billing');
  const [params, setParams] = useSearchParams();

  const requested = params.get('tab');
  const available = tabKeys.filter(
    (key) => (key !== 'team' || isMainAdmin) && (key !== 'billing' || mayBill),
  );
  const active: TabKey = available.find((key) => key === requested) ?? 'profile';

  if (session === null) return null;

  const items = [
    {
      key: 'profile',
      label: tabLabel(<UserOutlined />, 'Profile'),
      children: <ProfileTab session={session} />,
    },
    {
      key: 'keypair',
      label: tabLabel(<KeyOutlined />, 'Generate key pair'),
      children: later(<KeyPairTab />),
    },
    {
      key: 'password',
      label: tabLabel(<LockOutlined />, 'Change Password'),
      children: later(<ChangePasswordTab />),
    },
    ...(isMainAdmin
      ? [{ key: 'team', label: tabLabel(<TeamOutlined />, 'Team'), children: later(<TeamTab />) }]
      : []),
    {
      key: 'settings',
      label: tabLabel(<SettingOutlined />, 'Setting'),
      children: <SettingsTab />,
    },
    ...(mayBill
      ? [
          {
            key: 'billing',
            label: tabLabel(<CreditCardOutlined />, 'Billing'),
            children: later(<BillingTab />),
          },
        ]
      : []),
  ];

  return (
    <PageContainer>
      <Flex vertical gap={24}>
        <ProfileHeader session={session} isMainAdmin={isMainAdmin} />
        <Card
          variant="borderless"
          style={{ boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.05)' }}
        >
          <Tabs
            className="pm-wrap-tabs"
            activeKey={active}
            items={items}
            onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
            destroyOnHidden
          />
        </Card>
      </Flex>
    </PageContainer>
  );
}
