import { ComingSoon } from '../../components/ComingSoon';
import { FormatPainterOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function DesignCertificatePage() {
  return (
    <ComingSoon
      title={routeTable.designCertificate.title}
      description="Choose a design for each cohort and certificate type, personalise it, and edit the emails recipients receive."
      icon={<FormatPainterOutlined />}
    />
  );
}
