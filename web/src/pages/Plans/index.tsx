import { ComingSoon } from '../../components/ComingSoon';
import { ThunderboltOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function PlansPage() {
  return (
    <ComingSoon
      title={routeTable.plans.title}
      description="Compare the plans and choose the certificate volume that fits your organisation."
      icon={<ThunderboltOutlined />}
    />
  );
}
