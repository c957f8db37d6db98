import { ComingSoon } from '../../components/ComingSoon';
import { CalendarOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function RegisterDemoPage() {
  return (
    <ComingSoon
      title={routeTable.registerDemo.title}
      description="Tell us about your organisation and we will arrange a personal walkthrough of Proofmark."
      icon={<CalendarOutlined />}
    />
  );
}
