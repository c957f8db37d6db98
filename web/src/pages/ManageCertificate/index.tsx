import { ComingSoon } from '../../components/ComingSoon';
import { SafetyCertificateOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function ManageCertificatePage() {
  return (
    <ComingSoon
      title={routeTable.manageCertificate.title}
      description="Generate, preview, validate, issue, send, revoke and download certificates, and bake Open Badges."
      icon={<SafetyCertificateOutlined />}
    />
  );
}
