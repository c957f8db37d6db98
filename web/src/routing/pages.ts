import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteId } from './routeTable';

type Page = LazyExoticComponent<ComponentType>;
type Loader = () => Promise<{ default: ComponentType }>;

/**
 * The code of every route. Each screen is its own chunk, so the landing page does not ship the
 * designer or the dashboard; the Record type makes a route without a page a compile error.
 * startRoute.ts starts the first screen's loader before React asks for it.
 */
export const pageLoaders: Record<RouteId, Loader> = {
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
};

/** The component of every route, loaded lazily by its loader. */
export const pages = Object.fromEntries(
  Object.entries(pageLoaders).map(([id, load]) => [id, lazy(load)]),
) as Record<RouteId, Page>;

export const NotFoundPage: Page = lazy(() => import('../pages/NotFound'));
