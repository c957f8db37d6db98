import { ComingSoon } from '../../components/ComingSoon';
import { BarChartOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function DashboardPage() {
  return (
    <ComingSoon
      title={routeTable.dashboard.title}
      description="Monthly and yearly charts of issued, sent and revoked certificates, verification requests and CSV export."
      icon={<BarChartOutlined />}
    />
  );
}
