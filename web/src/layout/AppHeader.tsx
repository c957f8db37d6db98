import { Layout } from 'antd';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../components/BrandLogo';
import { useSession } from '../session';
import { paths } from '../routing/routeTable';
import { PublicActions } from './PublicActions';
import { signedInHeader } from './signedInHeaderCode';

// Suspends up to the frame's boundary (AppLayout), so the menu is there before the screen under it.
const SignedInHeader = signedInHeader.Component;

/** Sticky top bar: the logo, then the signed-in menu or, for visitors, the Login button. */
export function AppHeader() {
  const signedIn = useSession() !== null;
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        borderBottom: '1px solid #e6e9f0',
        boxShadow: '0 1px 2px rgba(16,24,40,.04)',
      }}
    >
      {/* Signed-in users work from the dashboard; visitors belong on the marketing page. */}
      <Link
        to={signedIn ? paths.dashboard : paths.home}
        aria-label="Proofmark home"
        style={{ display: 'flex' }}
      >
        <BrandLogo />
      </Link>
      {signedIn ? <SignedInHeader /> : <PublicActions />}
    </Layout.Header>
  );
}
