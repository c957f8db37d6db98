import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageContainer } from '../../components/PageContainer';
import { useSession } from '../../session';
import { paths } from '../../routing/routeTable';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;

  return (
    <PageContainer width={760}>
      <Result
        status="404"
        title="Page not found"
        subTitle={
          <>
            There is no page at <code>{pathname}</code>. It may have moved, or the address may be mistyped.
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? paths.dashboard : paths.home)}>
            {signedIn ? 'Go to the dashboard' : 'Go to the home page'}
          </Button>
        }
      />
    </PageContainer>
  );
}
