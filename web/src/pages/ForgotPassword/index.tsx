import { ComingSoon } from '../../components/ComingSoon';
import { MailOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function ForgotPasswordPage() {
  return (
    <ComingSoon
      title={routeTable.forgotPassword.title}
      description="Enter the email address you registered with and we will send you a way to set a new password."
      icon={<MailOutlined />}
    />
  );
}
