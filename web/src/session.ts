import { useSyncExternalStore } from 'react';
import type { SessionData } from '@proofmark/shared/contract/auth';

/**
 * What the SPA remembers about the signed-in user between page loads (spec: "session data kept
 * locally after login"): the login answer's session (shared/src/contract/auth.ts `SessionData`, the
 * `Data` of POST /api/auth/login in the contract). It lives in localStorage so a reload or a new
 * tab stays signed in; what an older build stored may lack the counters and flags, so they are
 * optional here. `ispasswordchanged` is 1 while the user must replace a password an administrator
 * chose; the guard keeps them on /ChangePassword until it is 0.
 */
export type Session = Pick<
  SessionData,
  'token' | 'user_id' | 'organization_verify_uri' | 'organization_name' | 'fname' | 'lname' | 'email'
> &
  Partial<Pick<SessionData, 'refreshToken' | 'issued' | 'inprogress' | 'current_year' | 'ispasswordchanged' | 'isadmin'>> & {
    /** Dashboard counters, kept when a later call sends them. */
    dashboard_issued?: number;
    dashboard_sent?: number;
    /** As stored: flags a newer server added may be missing (missing counts as not granted). */
    permissions?: Partial<Record<keyof SessionData['permissions'], 0 | 1>>;
  };

export const SESSION_STORAGE_KEY = 'proofmark.session';

const stringFields = [
  'user_id',
  'organization_verify_uri',
  'organization_name',
  'fname',
  'lname',
  'email',
] as const;
const numberFields = ['issued', 'inprogress', 'dashboard_issued', 'dashboard_sent', 'current_year'] as const;

const listeners = new Set<() => void>();

// useSyncExternalStore needs the same object back while nothing changed, so the parsed session is
// cached against the raw string it came from.
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

/** localStorage can be missing (Node, tests) or throw (storage disabled by the browser). */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function parseSession(raw: string): Session | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  // Without a token there is no session, whatever else was left behind.
  if (typeof record.token !== 'string' || record.token === '') return null;

  const session: Session = {
    token: record.token,
    user_id: '',
    organization_verify_uri: '',
    organization_name: '',
    fname: '',
    lname: '',
    email: '',
  };
  for (const field of stringFields) {
    const v = record[field];
    if (typeof v === 'string') session[field] = v;
    else if (typeof v === 'number') session[field] = String(v);
  }
  for (const field of numberFields) {
    const v = record[field];
    if (typeof v === 'number' && Number.isFinite(v)) session[field] = v;
  }
  if (typeof record.refreshToken === 'string') session.refreshToken = record.refreshToken;
  if (record.isadmin === 0 || record.isadmin === 1) session.isadmin = record.isadmin;
  if (record.ispasswordchanged === 0 || record.ispasswordchanged === 1) {
    session.ispasswordchanged = record.ispasswordchanged;
  }
  if (typeof record.permissions === 'object' && record.permissions !== null) {
    session.permissions = Object.fromEntries(
      Object.entries(record.permissions).filter(
        (entry): entry is [string, 0 | 1] => entry[1] === 0 || entry[1] === 1,
      ),
    );
  }
  return session;
}

export function readSession(): Session | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = raw === null ? null : parseSession(raw);
  }
  return cachedSession;
}

export function getToken(): string | null {
  return readSession()?.token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveSession(session: Session): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

/** Refreshes counters or names after a later call without touching the token. */
export function updateSession(patch: Partial<Omit<Session, 'token'>>): void {
  const current = readSession();
  if (current === null) return;
  const next = { ...current, ...patch };
  // Nothing changed (the usual answer of /api/auth/me): no write, and no screen renders again.
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  saveSession(next);
}

/**
 * Forgets the signed-in user. The spec clears all local storage, not just our key: the auth
 * library keeps its own tokens there too, and on a shared computer nothing of the previous user
 * should survive a logout.
 */
export function clearSession(): void {
  try {
    storage()?.clear();
  } catch {
    // Nothing stored means nothing to forget.
  }
  notify();
}

/** Calls `listener` whenever the session changes, in this tab or (via the storage event) another. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    // key is null when another tab called clear().
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  const target = typeof window === 'undefined' ? undefined : window;
  target?.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    target?.removeEventListener('storage', onStorage);
  };
}

/** The current session, re-rendering the caller on login and logout. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
