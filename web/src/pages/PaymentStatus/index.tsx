import { ComingSoon } from '../../components/ComingSoon';
import { SafetyCertificateOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function PaymentStatusPage() {
  return (
    <ComingSoon
      title={routeTable.paymentStatus.title}
      description="Confirms the outcome of your payment, then takes you back to your dashboard."
      icon={<SafetyCertificateOutlined />}
    />
  );
}
