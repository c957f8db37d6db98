import { ComingSoon } from '../../components/ComingSoon';
import { LockOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function ChangePasswordPage() {
  return (
    <ComingSoon
      title={routeTable.changePassword.title}
      description="Choose a new password for your account before you continue to the dashboard."
      icon={<LockOutlined />}
    />
  );
}
