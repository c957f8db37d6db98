import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getToken,
  readSession,
  saveSession,
  SESSION_STORAGE_KEY,
  subscribeSession,
  updateSession,
} from './session';
import type { Session } from './session';
import { memoryStorage } from './testing/memoryStorage';

const alice: Session = {
  token: 'tok-1',
  user_id: 'u-1',
  organization_verify_uri: 'https://verify.example/org',
  organization_name: 'Northfield Institute',
  fname: 'Alice',
  lname: 'Ng',
  email: 'alice@example.org',
  issued: 3,
  current_year: 2026,
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session', () => {
  it('is empty until saved', () => {
    expect(readSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('round-trips through localStorage', () => {
    saveSession(alice);
    expect(readSession()).toEqual(alice);
    expect(getToken()).toBe('tok-1');
  });

  it('returns the same object while nothing changed (React re-renders on identity)', () => {
    saveSession(alice);
    expect(readSession()).toBe(readSession());
  });

  it('treats stored data without a token, or garbage, as no session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...alice, token: '' }));
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readSession()).toBeNull();
  });

  it('fills missing names with empty strings and drops fields of the wrong type', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', user_id: 42, issued: 'many' }));
    expect(readSession()).toEqual({
      token: 't',
      user_id: '42',
      organization_verify_uri: '',
      organization_name: '',
      fname: '',
      lname: '',
      email: '',
    });
  });

  it('keeps the refresh token, admin flag and permission flags the login answer adds', () => {
    saveSession({ ...alice, refreshToken: 'r', isadmin: 1, permissions: { issuer: 1, viewonly: 0 } });
    expect(readSession()).toMatchObject({
      refreshToken: 'r',
      isadmin: 1,
      permissions: { issuer: 1, viewonly: 0 },
    });
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 't', isadmin: 'yes', permissions: { issuer: true, sendinvite: 1 } }),
    );
    expect(readSession()).toMatchObject({ permissions: { sendinvite: 1 } });
    expect(readSession()?.isadmin).toBeUndefined();
    expect(readSession()?.permissions).not.toHaveProperty('issuer');
  });

  it('keeps the forced password change flag, and only 0 or 1', () => {
    saveSession({ ...alice, ispasswordchanged: 1 });
    expect(readSession()?.ispasswordchanged).toBe(1);
    updateSession({ ispasswordchanged: 0 });
    expect(readSession()?.ispasswordchanged).toBe(0);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', ispasswordchanged: 'yes' }));
    expect(readSession()?.ispasswordchanged).toBeUndefined();
  });

  it('updates counters without losing the token', () => {
    saveSession(alice);
    updateSession({ dashboard_sent: 7 });
    expect(readSession()).toEqual({ ...alice, dashboard_sent: 7 });
  });

  it('clears everything in local storage on logout and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession(alice);
    localStorage.setItem('CognitoIdentityServiceProvider.x.idToken', 'jwt');
    clearSession();
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveSession(alice);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
