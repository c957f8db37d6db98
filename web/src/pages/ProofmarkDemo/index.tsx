import { ComingSoon } from '../../components/ComingSoon';
import { PlayCircleOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';

export default function ProofmarkDemoPage() {
  return (
    <ComingSoon
      title={routeTable.proofmarkDemo.title}
      description="Issue a real certificate to yourself in six short steps, from adding a recipient to importing it into a wallet."
      icon={<PlayCircleOutlined />}
    />
  );
}
