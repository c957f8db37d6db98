import { describe, expect, it } from 'vitest';
import { decideRoute } from './guard';
import { documentTitle, findRoute, normalizePath, routeIds, routeTable } from './routeTable';

const allow = { action: 'allow' };
const toLogin = { action: 'redirect', to: '/login' };
const toDashboard = { action: 'redirect', to: '/Dashboard' };

describe('decideRoute without a session', () => {
  it.each([
    '/',
    '/login',
    '/Register',
    '/ForgotPassword',
    '/Plans',
    '/prices',
    '/HomeProofmarkDemo',
    '/ProofmarkDemo',
    '/RegisterDemo',
  ])('lets anyone open %s', (path) => {
    expect(decideRoute(path, false)).toEqual(allow);
  });

  it.each([
    '/Dashboard',
    '/ChangePassword',
    '/payment',
    '/paymentstatus',
    '/MyProfile',
    '/MyCertificates',
    '/ManageStudents',
    '/DesignCertificate',
    '/ManageCertificate',
    '/Verification',
  ])('sends %s to /login', (path) => {
    expect(decideRoute(path, false)).toEqual(toLogin);
  });

  it('ignores letter case and trailing slashes, as the router does', () => {
    expect(decideRoute('/dashboard', false)).toEqual(toLogin);
    expect(decideRoute('/DASHBOARD/', false)).toEqual(toLogin);
    expect(decideRoute('/Login', false)).toEqual(allow);
    expect(decideRoute('/PLANS', false)).toEqual(allow);
  });

  it('lets unknown paths through so the 404 page can say so', () => {
    expect(decideRoute('/no-such-page', false)).toEqual(allow);
    expect(decideRoute('/Dashboard/extra', false)).toEqual(allow);
  });
});

describe('decideRoute with a session', () => {
  it.each(['/login', '/Login', '/LOGIN/', '/Register', '/register'])('sends %s to the dashboard', (path) => {
    expect(decideRoute(path, true)).toEqual(toDashboard);
  });

  it.each(['/', '/Dashboard', '/ChangePassword', '/MyProfile', '/prices', '/ProofmarkDemo', '/nowhere'])(
    'opens %s',
    (path) => {
      expect(decideRoute(path, true)).toEqual(allow);
    },
  );
});

describe('route table', () => {
  it('has no two routes that differ only by case', () => {
    const normalized = routeIds.map((id) => normalizePath(routeTable[id].path));
    expect(new Set(normalized).size).toBe(normalized.length);
  });

  it('finds every route by its own path', () => {
    for (const id of routeIds) expect(findRoute(routeTable[id].path)).toBe(id);
  });

  it('matches the root exactly', () => {
    expect(findRoute('/')).toBe('home');
    expect(findRoute('')).toBe('home');
    expect(findRoute('//')).toBe('home');
  });
});

describe('documentTitle', () => {
  it('names the product first on the home page and last elsewhere', () => {
    expect(documentTitle('/')).toMatch(/^Proofmark — /);
    expect(documentTitle('/dashboard')).toBe('Dashboard · Proofmark');
    expect(documentTitle('/nope')).toBe('Page not found · Proofmark');
  });
});

describe('decideRoute for a user who must change an administrator-set password', () => {
  const toChangePassword = { action: 'redirect', to: '/ChangePassword' };

  it.each(['/Dashboard', '/MyProfile', '/ManageStudents', '/login', '/Register'])('sends %s to /ChangePassword', (path) => {
    expect(decideRoute(path, true, true)).toEqual(toChangePassword);
  });

  it.each(['/ChangePassword', '/changepassword/', '/', '/prices', '/ForgotPassword', '/nowhere'])('opens %s', (path) => {
    expect(decideRoute(path, true, true)).toEqual(allow);
  });

  it('means nothing without a session', () => {
    expect(decideRoute('/Dashboard', false, true)).toEqual(toLogin);
  });
});
