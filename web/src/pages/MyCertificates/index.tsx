import { ComingSoon } from '../../components/ComingSoon';
import { FileDoneOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function MyCertificatesPage() {
  return (
    <ComingSoon
      title={routeTable.myCertificates.title}
      description="A summary of the certificates you hold and the ones shared with you."
      icon={<FileDoneOutlined />}
    />
  );
}
