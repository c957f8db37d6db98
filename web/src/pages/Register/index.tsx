import { ComingSoon } from '../../components/ComingSoon';
import { TeamOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function RegisterPage() {
  return (
    <ComingSoon
      title={routeTable.register.title}
      description="Register your organisation to start issuing verifiable certificates. Your first 20 certificates are free."
      icon={<TeamOutlined />}
    />
  );
}
