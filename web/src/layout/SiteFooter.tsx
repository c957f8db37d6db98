import { Flex, Layout, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../components/BrandLogo';
import { paths } from '../routing/routeTable';
import { useSession } from '../session';

const links = [
  { to: paths.prices, label: 'Pricing' },
  { to: paths.homeProofmarkDemo, label: 'Live demo' },
  { to: paths.registerDemo, label: 'Request a demo' },
];

/** A slim footer shared by every screen. */
export function SiteFooter() {
  // A signed-in user cannot register again (the guard would bounce them), so the offer is hidden.
  const signedIn = useSession() !== null;
  const shown = signedIn ? links : [...links, { to: paths.register, label: 'Free trial' }];
  return (
    <Layout.Footer style={{ padding: '28px 24px' }}>
      <Flex wrap align="center" justify="space-between" gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Flex align="center" gap={16} wrap>
          <BrandLogo inverted size={24} />
          <Typography.Text style={{ color: 'rgba(255,255,255,.6)' }}>
            Verifiable certificates and Open Badges, anchored on the blockchain.
          </Typography.Text>
        </Flex>
        <Flex component="nav" aria-label="Footer" gap={20} wrap>
          {shown.map((link) => (
            <Link key={link.to} to={link.to} style={{ color: 'rgba(255,255,255,.8)' }}>
              {link.label}
            </Link>
          ))}
        </Flex>
        <Typography.Text style={{ color: 'rgba(255,255,255,.5)', width: '100%', fontSize: 13 }}>
          © {new Date().getFullYear()} Proofmark. All rights reserved.
        </Typography.Text>
      </Flex>
    </Layout.Footer>
  );
}
