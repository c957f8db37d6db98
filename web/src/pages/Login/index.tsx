import { ComingSoon } from '../../components/ComingSoon';
import { LockOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function LoginPage() {
  return (
    <ComingSoon
      title={routeTable.login.title}
      description="Sign in with your organisation email and password, or reset a forgotten password."
      icon={<LockOutlined />}
    />
  );
}
