import type { Session } from '../session';

/** A signed-in session for unit tests: token `token`, empty names, and any fields `extra` sets. */
export const testSession = (token: string, extra: Partial<Session> = {}): Session => ({
  token,
  user_id: 'u',
  organization_verify_uri: '',
  organization_name: '',
  fname: '',
  lname: '',
  email: '',
  ...extra,
});
