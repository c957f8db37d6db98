import { Avatar, Flex, Typography } from 'antd';
import { useSession } from '../session';
import { useProfile } from '../pages/MyProfile/components/settings/profileApi';

/**
 * The signed-in organisation in the frame: its logo (uploaded in My Profile) and name. Silent while
 * the profile cannot be read (for example before a forced password change).
 */
export function OrgIdentity() {
  const session = useSession();
  const profile = useProfile();
  if (!session) return null;
  const name = profile.data?.organization_name ?? session.organization_name;
  const logo = profile.data?.logoimage ?? undefined;
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0, maxWidth: 260 }} aria-label="Your organisation">
      <Avatar
        shape="square"
        size={32}
        src={logo}
        alt={logo ? `${name} logo` : undefined}
        style={{ flex: 'none', background: logo ? 'transparent' : '#1d4ed8' }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography.Text strong ellipsis style={{ maxWidth: 210 }}>
        {name}
      </Typography.Text>
    </Flex>
  );
}
