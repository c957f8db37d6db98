import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Drawer, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import {
  AuditOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FormatPainterOutlined,
  LogoutOutlined,
  MenuOutlined,
  TeamOutlined,
  UserOutlined,
} from '../components/icons';
import { appMenu, menuPath, selectedMenuId } from './menu';
import type { MenuId } from './menu';
import { useLogout } from './useLogout';
import { useSession } from '../session';
import { prefetchSection, prefetchSections } from '../routing/prefetch';
import { useSessionSync } from '../pages/MyProfile/components/useSessionSync';

const icons: Record<MenuId, ReactNode> = {
  dashboard: <DashboardOutlined />,
  manageStudents: <TeamOutlined />,
  designCertificate: <FormatPainterOutlined />,
  manageCertificate: <FileDoneOutlined />,
  verification: <AuditOutlined />,
  myProfile: <UserOutlined />,
};

/** The menu entries; `withIcons` only where there is room for them (the drawer). */
function useMenuItems(withIcons: boolean, onNavigate?: () => void): MenuProps['items'] {
  const { logout, signingOut } = useLogout();
  // Until an administrator-set password is replaced every section redirects back to
  // /ChangePassword, so offering them would only mislead.
  const mustChangePassword = useSession()?.ispasswordchanged === 1;
  const sections = mustChangePassword ? [] : appMenu;
  // Labels are real links so a section can be opened in a new tab like any other page.
  return [
    ...sections.map((item) => ({
      key: item.id,
      icon: withIcons ? icons[item.id] : undefined,
      label: (
        <Link
          to={menuPath(item.id)}
          onClick={onNavigate}
          onMouseEnter={() => prefetchSection(item.id)}
          onFocus={() => prefetchSection(item.id)}
        >
          {item.label}
        </Link>
      ),
    })),
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: 'Logout',
      disabled: signingOut,
      onClick: () => {
        onNavigate?.();
        logout();
      },
    },
  ];
}

/**
 * Wide screens: every entry in one row. The row never folds entries into a "···" overflow (a
 * hidden Logout is a hidden primary action); the stylesheet swaps it for the drawer below the
 * width where it stops fitting.
 */
function WideMenu() {
  const { pathname } = useLocation();
  const selected = selectedMenuId(pathname);
  return (
    <nav aria-label="Main" className="pm-nav-wide">
      <Menu
        mode="horizontal"
        disabledOverflow
        items={useMenuItems(false)}
        selectedKeys={selected ? [selected] : []}
        style={{ justifyContent: 'flex-end', borderBottom: 'none' }}
      />
    </nav>
  );
}

/** Narrow screens (tablets, phones): a menu button opening the same entries in a drawer. */
function DrawerMenu() {
  const { pathname } = useLocation();
  const selected = selectedMenuId(pathname);
  const [open, setOpen] = useState(false);
  const items = useMenuItems(true, () => setOpen(false));
  return (
    <div className="pm-nav-narrow">
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="pm-main-drawer"
        onClick={() => setOpen(true)}
      />
      <Drawer
        id="pm-main-drawer"
        title="Menu"
        placement="right"
        width={280}
        open={open}
        onClose={() => setOpen(false)}
        styles={{ body: { padding: 0 } }}
      >
        <nav aria-label="Main">
          <Menu
            mode="vertical"
            items={items}
            selectedKeys={selected ? [selected] : []}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Drawer>
    </div>
  );
}

/**
 * Reads GET /api/auth/me for the frame, beside the profile the header reads, rather than after the
 * page's code has loaded; skipped while a password change is forced (nothing else is allowed then).
 */
function SessionSync() {
  useSessionSync();
  return null;
}

/** The signed-in menu; the entry of the current section is highlighted. */
export function AppMenu() {
  const mustChangePassword = useSession()?.ispasswordchanged === 1;
  useEffect(() => {
    if (!mustChangePassword) prefetchSections();
  }, [mustChangePassword]);
  return (
    <div style={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', minWidth: 0 }}>
      {!mustChangePassword && <SessionSync />}
      <WideMenu />
      <DrawerMenu />
    </div>
  );
}
