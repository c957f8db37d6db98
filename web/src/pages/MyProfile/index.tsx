import { ComingSoon } from '../../components/ComingSoon';
import { UserOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function MyProfilePage() {
  return (
    <ComingSoon
      title={routeTable.myProfile.title}
      description="Your profile, issuing key pair, password, team members and organisation settings in one place."
      icon={<UserOutlined />}
    />
  );
}
