import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SessionExpiryRedirect } from './auth/SessionExpiryRedirect';
import { AppLayout } from './layout/AppLayout';
import { appQueryClient as queryClient } from './queryClient';
import { RouteGuard } from './routing/RouteGuard';
import { NotFoundPage, pages } from './routing/pages';
import { redirects, routeIds, routeTable } from './routing/routeTable';
import { antdStylesheetLoaded } from './antdStylesheet';
import { staticStylesTheme, theme } from './theme';

// /verify and /verify/<slug> are not routes of this app: the public verifier is its own static
// build (web/verifier), which the local gateway and CloudFront serve at those paths.
function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        <Route element={<AppLayout />}>
          {routeIds.map((id) => {
            const Page = pages[id];
            // react-router matches case-insensitively by default, which covers /Login vs /login.
            return <Route key={id} path={routeTable[id].path} element={<Page />} />;
          })}
          {Object.entries(redirects).map(([from, to]) => (
            <Route key={from} path={from} element={<Navigate to={to} replace />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

export default function App() {
  return (
    <ConfigProvider theme={antdStylesheetLoaded() ? staticStylesTheme : theme}>
      {/* antd's App gives pages message/notification/modal hooks that follow the theme. */}
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {/*
            Navigations render synchronously rather than as transitions: logout changes the
            location and clears the session in one click, and both must reach the guard in the
            same render (see useLogout).
          */}
          <BrowserRouter useTransitions={false}>
            <SessionExpiryRedirect />
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
