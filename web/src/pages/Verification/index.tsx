import { ComingSoon } from '../../components/ComingSoon';
import { AuditOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function VerificationPage() {
  return (
    <ComingSoon
      title={routeTable.verification.title}
      description="Review recipients' details and approve or decline them before their certificates are issued."
      icon={<AuditOutlined />}
    />
  );
}
