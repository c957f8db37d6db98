import type { ReactNode } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import {
  AuditOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FormatPainterOutlined,
  LogoutOutlined,
  TeamOutlined,
  UserOutlined,
} from '../components/icons';
import { appMenu, menuPath, selectedMenuId } from './menu';
import type { MenuId } from './menu';
import { useLogout } from './useLogout';
import { useSession } from '../session';

const icons: Record<MenuId, ReactNode> = {
  dashboard: <DashboardOutlined />,
  manageStudents: <TeamOutlined />,
  designCertificate: <FormatPainterOutlined />,
  manageCertificate: <FileDoneOutlined />,
  verification: <AuditOutlined />,
  myProfile: <UserOutlined />,
};

/** The signed-in top menu; the entry of the current section is highlighted. */
export function AppMenu() {
  const { pathname } = useLocation();
  const logout = useLogout();
  const selected = selectedMenuId(pathname);
  // Until an administrator-set password is replaced every section redirects back to
  // /ChangePassword, so offering them would only mislead.
  const mustChangePassword = useSession()?.ispasswordchanged === 1;
  const sections = mustChangePassword ? [] : appMenu;

  // Labels are real links so a section can be opened in a new tab like any other page.
  const items: MenuProps['items'] = [
    ...sections.map((item) => ({
      key: item.id,
      icon: icons[item.id],
      label: <Link to={menuPath(item.id)}>{item.label}</Link>,
    })),
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: logout },
  ];

  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ flex: 1, minWidth: 0, justifyContent: 'flex-end', borderBottom: 'none' }}
      aria-label="Main"
    />
  );
}
