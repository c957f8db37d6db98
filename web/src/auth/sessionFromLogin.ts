import type { SessionData } from '@proofmark/shared/contract/auth';
import type { Session } from '../session';

type Profile = Omit<SessionData, 'token' | 'refreshToken'>;

/** The part of a login or /me answer that describes the user (everything but the tokens). */
export function profileFields(data: Profile): Omit<Session, 'token' | 'refreshToken'> {
  return {
    user_id: data.user_id,
    organization_verify_uri: data.organization_verify_uri,
    organization_name: data.organization_name,
    fname: data.fname,
    lname: data.lname,
    email: data.email,
    issued: data.issued,
    inprogress: data.inprogress,
    current_year: data.current_year,
    ispasswordchanged: data.ispasswordchanged,
    isadmin: data.isadmin,
    permissions: { ...data.permissions },
  };
}

/** What the SPA keeps of a successful login (spec §3 "session data kept locally after login"). */
export function sessionFromLogin(data: SessionData): Session {
  return {
    token: data.token,
    ...(data.refreshToken === undefined ? {} : { refreshToken: data.refreshToken }),
    ...profileFields(data),
  };
}
