import { Button, Flex } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../routing/routeTable';

/** What a visitor without a session sees on the right of the header. */
export function PublicActions() {
  const navigate = useNavigate();
  return (
    <Flex align="center" gap={8} style={{ marginInlineStart: 'auto' }}>
      <Flex component="nav" aria-label="Site" gap={4} className="pm-public-nav">
        <Link className="pm-header-link" to={paths.prices}>
          Pricing
        </Link>
        <Link className="pm-header-link" to={paths.homeProofmarkDemo}>
          Live demo
        </Link>
        <Link className="pm-header-link" to={paths.registerDemo}>
          Request a demo
        </Link>
      </Flex>
      <Button onClick={() => navigate(paths.login)}>Login</Button>
      <Button type="primary" className="pm-header-trial" onClick={() => navigate(paths.register)}>
        Start free trial
      </Button>
    </Flex>
  );
}
