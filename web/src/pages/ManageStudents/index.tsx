import { ComingSoon } from '../../components/ComingSoon';
import { TeamOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function ManageStudentsPage() {
  return (
    <ComingSoon
      title={routeTable.manageStudents.title}
      description="Upload recipients into cohorts, invite them to register their wallet key and keep their details up to date."
      icon={<TeamOutlined />}
    />
  );
}
