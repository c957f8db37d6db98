import { ComingSoon } from '../../components/ComingSoon';
import { LockOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function PaymentPage() {
  return (
    <ComingSoon
      title={routeTable.payment.title}
      description="Review the order summary of the plan you chose and pay securely by card."
      icon={<LockOutlined />}
    />
  );
}
