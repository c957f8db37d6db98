import { Avatar, Tooltip } from 'antd';
import { useSession } from '../session';
import { useProfile } from '../api/profile';

/**
 * The signed-in organisation in the frame: its logo (uploaded in My Profile), or its initial, with
 * its name on hover — small, so the menu keeps its room. Silent while the profile cannot be read
 * (for example before a forced password change).
 */
export function OrgIdentity() {
  const session = useSession();
  const profile = useProfile();
  if (!session) return null;
  const name = profile.data?.organization_name ?? session.organization_name;
  const logo = profile.data?.logoimage ?? undefined;
  return (
    <Tooltip title={name}>
      <span aria-label="Your organisation" style={{ display: 'inline-flex', flex: 'none' }}>
        <Avatar
          shape="square"
          size={32}
          src={logo}
          alt={logo ? `${name} logo` : undefined}
          style={{ background: logo ? 'transparent' : '#1d4ed8' }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </span>
    </Tooltip>
  );
}
