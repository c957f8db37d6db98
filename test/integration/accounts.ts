import { randomUUID } from 'node:crypto';
import type { Permissions } from '@proofmark/shared/accounts/permissions';
import type { SessionData } from '@proofmark/shared/contract/auth';
import type { TeamMember } from '@proofmark/shared/contract/team';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import { api, awaitMail, cloud, codeIn, setPasswordTokenIn } from './helpers';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
export const strongPassword = () => `Proofmark ${randomUUID().slice(0, 12)}`;

export const registration = (overrides: Record<string, unknown> = {}) => ({
  fname: 'Ada',
  lname: 'Lovelace',
  Organization_Name: 'Analytical College',
  email: uniqueEmail('admin'),
  Organization_URL: 'https://college.example.test/',
  password: strongPassword(),
  Graduates_Members: '1 - 5,000',
  Job_Title: 'Accounting',
  How_did_you_find_us: 'Friend refer',
  ipaddress: '203.0.113.9',
  ...overrides,
});

/** Registers an organisation through the API, confirms the email with the mailed code, signs in. */
export const registeredAdmin = async (c: LocalCloudInfo = cloud()) => {
  const reg = registration();
  const appUrl = c.appUrl;
  const res = await api('POST', '/api/auth/register', { body: reg, appUrl });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const mail = await awaitMail(reg.email, /Confirm your Proofmark account/, c);
  const confirmed = await api('POST', '/api/auth/confirm', {
    body: { email: reg.email, code: codeIn(mail) },
    appUrl,
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  const login = await api<SessionData>('POST', '/api/auth/login', {
    body: { email: reg.email, password: reg.password },
    appUrl,
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const orgId = JSON.parse(Buffer.from(login.body.Data!.token.split('.')[1]!, 'base64url').toString())[
    'custom:org_id'
  ] as string;
  return {
    email: reg.email,
    password: reg.password,
    orgId,
    token: login.body.Data!.token,
    session: login.body.Data!,
  };
};

/** A team user added by the administrator, past the mailed set-password link, with the given permissions. */
export const teamUser = async (admin: { token: string }, permissions?: Permissions) => {
  const email = uniqueEmail('member');
  const added = await api<TeamMember>('POST', '/api/team', {
    token: admin.token,
    body: { firstname: 'Grace', lastname: 'Hopper', email, job_title: 'MIS Manager' },
  });
  if (added.status !== 201) throw new Error(`add user failed: ${JSON.stringify(added.body)}`);
  const password = strongPassword();
  const invitation = await awaitMail(email, /invited you to Proofmark/);
  const set = await api('POST', '/api/auth/set-password', {
    body: { token: setPasswordTokenIn(invitation), newpassword: password, confirmpassword: password },
  });
  if (set.status !== 200) throw new Error(`set password failed: ${JSON.stringify(set.body)}`);
  const first = await api<SessionData>('POST', '/api/auth/login', { body: { email, password } });
  if (first.status !== 200) throw new Error(`login failed: ${JSON.stringify(first.body)}`);
  if (permissions) {
    const upd = await api('POST', '/api/team/permissions', {
      token: admin.token,
      body: { email, ...permissions },
    });
    if (upd.status !== 200) throw new Error(`permissions failed: ${JSON.stringify(upd.body)}`);
  }
  return {
    email,
    password,
    token: first.body.Data!.token,
    session: first.body.Data!,
    userId: added.body.Data!.user_id,
  };
};
