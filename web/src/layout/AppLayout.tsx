import { Suspense, useEffect } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { documentTitle } from '../routing/routeTable';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';

/** The frame around every screen: header, the screen itself, footer. */
export function AppLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = documentTitle(pathname);
    // A new screen starts at its top, as a full page load would.
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    // The signed-in header is loaded lazily (visitors never need it): the frame waits for it, so a
    // signed-in screen never shows without its menu.
    <Suspense fallback={<PageLoader />}>
      <Layout style={{ minHeight: '100vh' }}>
        <AppHeader />
        <Layout.Content>
          {/* Keyed by path so a screen that failed to load does not leave its spinner on the next one. */}
          <Suspense key={pathname} fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <SiteFooter />
      </Layout>
    </Suspense>
  );
}
