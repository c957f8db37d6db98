import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { QuestionLink } from '../../components/auth/QuestionLink';
import { useLogout } from '../../layout/useLogout';
import { paths } from '../../routing/routeTable';
import { updateSession, useSession } from '../../session';
import { FirstPasswordForm } from './components/FirstPasswordForm';

/** Spec §2 /ChangePassword: reached after login when an administrator set the password. */
export default function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const forced = session?.ispasswordchanged === 1;

  const footer = (
    <QuestionLink question={`Not ${session?.fname || 'you'}?`} onClick={logout}>
      Log out
    </QuestionLink>
  );

  // Changing a password you already chose asks for the old one: that lives in My Profile.
  if (!forced) {
    return (
      <AuthShell layout="narrow" title="Your password is up to date" footer={footer}>
        <Alert
          type="info"
          showIcon
          title="To change your password, use the Change Password tab of My Profile."
          style={{ marginBottom: 20 }}
        />
        <Button type="primary" size="large" block onClick={() => navigate(`${paths.myProfile}?tab=password`)}>
          Go to My Profile
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      layout="narrow"
      title="Choose your password"
      subtitle="Your administrator set a temporary password. Choose your own before you continue."
      footer={footer}
    >
      <FirstPasswordForm
        onChanged={() => {
          // Both updates reach the guard in one render, so it never sends the user back here.
          updateSession({ ispasswordchanged: 0 });
          navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthShell>
  );
}
