import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { preloadable } from './preloadable';
import type { Preloadable } from './preloadable';
import type { RouteId } from './routeTable';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The code of every route. Each screen is its own chunk, so the landing page does not ship the
 * designer or the dashboard; the Record type makes a route without a page a compile error.
 * startRoute.ts starts the first screen's loader before React asks for it, and the idle prefetch
 * the sections'; a page whose code is in renders at once (preloadable.ts).
 */
const screens = preload({
  home: () => import('../pages/Home'),
  login: () => import('../pages/Login'),
  register: () => import('../pages/Register'),
  forgotPassword: () => import('../pages/ForgotPassword'),
  setPassword: () => import('../pages/SetPassword'),
  changePassword: () => import('../pages/ChangePassword'),
  dashboard: () => import('../pages/Dashboard'),
  plans: () => import('../pages/Plans'),
  prices: () => import('../pages/Plans'),
  payment: () => import('../pages/Payment'),
  paymentStatus: () => import('../pages/PaymentStatus'),
  myProfile: () => import('../pages/MyProfile'),
  myCertificates: () => import('../pages/MyCertificates'),
  manageStudents: () => import('../pages/ManageStudents'),
  designCertificate: () => import('../pages/DesignCertificate'),
  manageCertificate: () => import('../pages/ManageCertificate'),
  verification: () => import('../pages/Verification'),
  proofmarkDemo: () => import('../pages/ProofmarkDemo'),
  homeProofmarkDemo: () => import('../pages/HomeProofmarkDemo'),
  registerDemo: () => import('../pages/RegisterDemo'),
});

function preload(importers: Record<RouteId, () => Promise<{ default: ComponentType }>>) {
  return Object.fromEntries(Object.entries(importers).map(([id, load]) => [id, preloadable(load)])) as Record<
    RouteId,
    Preloadable<ComponentType>
  >;
}

/** What starts loading each route's code. */
export const pageLoaders = Object.fromEntries(
  Object.entries(screens).map(([id, screen]) => [id, screen.load]),
) as Record<RouteId, Preloadable<ComponentType>['load']>;

/** The component of every route. */
export const pages = Object.fromEntries(
  Object.entries(screens).map(([id, screen]) => [id, screen.Component]),
) as Record<RouteId, Page>;

export const NotFoundPage: Page = lazy(() => import('../pages/NotFound'));
