import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { SessionData } from '@proofmark/shared/contract/auth';
import type { TeamMember } from '@proofmark/shared/contract/team';

/**
 * What the browser tests arrange through the API rather than the UI (an organisation to start
 * from, a team member), and the local SES inbox they read codes and passwords from.
 */
export interface Answer<T = unknown> {
  status: number;
  body: { Status: number; message: string; Data?: T; code?: string };
}

export async function call<T = unknown>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const res = await fetch(`${inject('appUrl')}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

export interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** The newest mail to `address` whose subject matches and that was sent at or after `since` (ms). */
export async function mailFor(address: string, subject: RegExp, since = 0, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${inject('cloud').endpoints.ses}/store`);
    const { emails } = (await res.json()) as { emails: Mail[] };
    // The store's `at` is in seconds; compare at that resolution.
    const found = emails
      .filter((m) => m.destination.to.includes(address) && subject.test(m.subject) && m.at * 1000 >= Math.floor(since / 1000) * 1000)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const sixDigitCode = (mail: Mail): string => /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1] ?? '';
/** The set-password link in an invitation or an administrator's reset mail. */
export const setPasswordLinkIn = (mail: Mail): string => /(\S+\/set-password\?token=[A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')?.[1] ?? '';
export const setPasswordTokenIn = (mail: Mail): string => new URL(setPasswordLinkIn(mail)).searchParams.get('token') ?? '';

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
export const newPassword = () => `Proofmark ${randomUUID().slice(0, 12)}`;

export const registration = () => ({
  fname: 'Ada',
  lname: 'Lovelace',
  Organization_Name: 'Analytical College',
  email: uniqueEmail('admin'),
  Organization_URL: 'https://college.example.test/',
  password: newPassword(),
  Graduates_Members: '1 - 5,000',
  Job_Title: 'Accounting',
  How_did_you_find_us: 'Friend refer',
});

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** A new organisation whose main administrator has confirmed the email and signed in. */
export async function adminOfNewOrganisation(): Promise<Account> {
  const reg = registration();
  const since = Date.now();
  const registered = await call('POST', '/api/auth/register', { body: reg });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const code = sixDigitCode(await mailFor(reg.email, /Confirm your Proofmark account/, since));
  const confirmed = await call('POST', '/api/auth/confirm', { body: { email: reg.email, code } });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return { email: reg.email, password: reg.password, token: await signIn(reg.email, reg.password) };
}

export async function signIn(email: string, password: string): Promise<string> {
  const login = await call<SessionData>('POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200 || !login.body.Data) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return login.body.Data.token;
}

/** Adds a team user (view-only, as every new one); they are mailed a set-password link. */
export async function invite(admin: Account, email = uniqueEmail('member')): Promise<{ email: string }> {
  const added = await call<TeamMember>('POST', '/api/team', {
    token: admin.token,
    body: { firstname: 'Grace', lastname: 'Hopper', email, job_title: 'MIS Manager' },
  });
  if (added.status !== 201) throw new Error(`add user: ${JSON.stringify(added.body)}`);
  return { email };
}

/** A team user who has set their password through the invitation's link. */
export async function activeMember(admin: Account): Promise<{ email: string; password: string }> {
  const since = Date.now();
  const invited = await invite(admin);
  const token = setPasswordTokenIn(await mailFor(invited.email, /invited you to Proofmark/, since));
  const password = newPassword();
  const set = await call('POST', '/api/auth/set-password', {
    body: { token, newpassword: password, confirmpassword: password },
  });
  if (set.status !== 200) throw new Error(`set password: ${JSON.stringify(set.body)}`);
  return { email: invited.email, password };
}
