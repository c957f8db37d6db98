import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteId } from './routeTable';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The component of every route. Each screen is its own chunk, so the landing page does not ship
 * the designer or the dashboard; the Record type makes a route without a page a compile error.
 */
export const pages: Record<RouteId, Page> = {
  home: lazy(() => import('../pages/Home')),
  login: lazy(() => import('../pages/Login')),
  register: lazy(() => import('../pages/Register')),
  forgotPassword: lazy(() => import('../pages/ForgotPassword')),
  setPassword: lazy(() => import('../pages/SetPassword')),
  changePassword: lazy(() => import('../pages/ChangePassword')),
  dashboard: lazy(() => import('../pages/Dashboard')),
  plans: lazy(() => import('../pages/Plans')),
  prices: lazy(() => import('../pages/Plans')),
  payment: lazy(() => import('../pages/Payment')),
  paymentStatus: lazy(() => import('../pages/PaymentStatus')),
  myProfile: lazy(() => import('../pages/MyProfile')),
  myCertificates: lazy(() => import('../pages/MyCertificates')),
  manageStudents: lazy(() => import('../pages/ManageStudents')),
  designCertificate: lazy(() => import('../pages/DesignCertificate')),
  manageCertificate: lazy(() => import('../pages/ManageCertificate')),
  verification: lazy(() => import('../pages/Verification')),
  proofmarkDemo: lazy(() => import('../pages/ProofmarkDemo')),
  homeProofmarkDemo: lazy(() => import('../pages/HomeProofmarkDemo')),
  registerDemo: lazy(() => import('../pages/RegisterDemo')),
};

export const NotFoundPage: Page = lazy(() => import('../pages/NotFound'));
