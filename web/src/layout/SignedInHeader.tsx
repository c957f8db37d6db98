import { AppMenu } from './AppMenu';
import { OrgIdentity } from './OrgIdentity';

/**
 * The signed-in part of the top bar: the organisation and the menu. Its own chunk (AppHeader loads
 * it lazily), so visitors of the landing page and /login never download antd's menu and drawer.
 */
export default function SignedInHeader() {
  return (
    <>
      <OrgIdentity />
      <AppMenu />
    </>
  );
}
