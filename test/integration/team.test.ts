import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import type { SessionData } from '@proofmark/shared/contract/auth';
import type { TeamMember } from '@proofmark/shared/contract/team';
import { api, awaitMail, clients, cloud, mailTo, setPasswordTokenIn } from './helpers';
import { registeredAdmin, strongPassword, teamUser, uniqueEmail } from './accounts';

/** Signs a member in with their own password and returns a fresh token. */
const signIn = async (email: string, password: string) =>
  api<SessionData>('POST', '/api/auth/login', { body: { email, password } });

describe('team management: deactivate, reactivate, remove', () => {
  it("refuses a deactivated member's very next call and their sign-in, and lets them back after reactivation", async () => {
    const admin = await registeredAdmin();
    const member = await teamUser(admin);
    const session = await signIn(member.email, member.password);
    expect(session.status).toBe(200);
    const token = session.body.Data!.token;
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);

    const off = await api<TeamMember>('POST', '/api/team/deactivate', {
      token: admin.token,
      body: { email: member.email },
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(accountMessages.memberDeactivated);
    expect(off.body.Data!.deactivated).toBe(true);

    const next = await api('GET', '/api/auth/me', { token });
    expect([401, 403]).toContain(next.status);
    const again = await signIn(member.email, member.password);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(accountMessages.accountDeactivated);

    const list = await api<TeamMember[]>('GET', '/api/team', { token: admin.token });
    expect(list.body.Data!.find((m) => m.email === member.email)?.deactivated).toBe(true);

    const on = await api<TeamMember>('POST', '/api/team/reactivate', {
      token: admin.token,
      body: { email: member.email },
    });
    expect(on.status).toBe(200);
    expect(on.body.Data!.deactivated).toBe(false);
    const back = await signIn(member.email, member.password);
    expect(back.status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: back.body.Data!.token })).status).toBe(200);
  });

  it('removes a member: their token stops working and the email cannot sign in', async () => {
    const admin = await registeredAdmin();
    const member = await teamUser(admin);
    const token = (await signIn(member.email, member.password)).body.Data!.token;

    const removed = await api('POST', '/api/team/remove', { token: admin.token, body: { email: member.email } });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(accountMessages.memberRemoved);

    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(400);
    const list = await api<TeamMember[]>('GET', '/api/team', { token: admin.token });
    expect(list.body.Data!.map((m) => m.email)).not.toContain(member.email);
  });

  it('never deactivates or removes the main administrator, nor touches another organisation', async () => {
    const admin = await registeredAdmin();
    for (const action of ['deactivate', 'remove'] as const) {
      const res = await api('POST', `/api/team/${action}`, { token: admin.token, body: { email: admin.email } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(accountMessages.cannotChangeMainAdmin);
    }
    expect((await api('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);

    const other = await registeredAdmin();
    const stranger = await teamUser(other);
    const res = await api('POST', '/api/team/remove', { token: admin.token, body: { email: stranger.email } });
    expect(res.status).toBe(404);
    expect((await signIn(stranger.email, stranger.password)).status).toBe(200);
  });

  it('lets only the main administrator manage the team', async () => {
    const admin = await registeredAdmin();
    const member = await teamUser(admin);
    const token = (await signIn(member.email, member.password)).body.Data!.token;
    const res = await api('POST', '/api/team/deactivate', { token, body: { email: admin.email } });
    expect(res.status).toBe(403);
  });
});

const setPassword = (token: string, password: string) =>
  api('POST', '/api/auth/set-password', { body: { token, newpassword: password, confirmpassword: password } });

/** Adds a member and answers the token of the invitation mail's link. */
const invited = async (admin: { token: string }) => {
  const email = uniqueEmail('member');
  const added = await api<TeamMember>('POST', '/api/team', {
    token: admin.token,
    body: { firstname: 'Grace', lastname: 'Hopper', email, job_title: 'MIS Manager' },
  });
  expect(added.status).toBe(201);
  return { email, token: setPasswordTokenIn(await awaitMail(email, /invited you to Proofmark/)) };
};

describe('team management: set-password links, resend, administrator reset', () => {
  it('an invitation link sets the password once; the refused password leaves it usable', async () => {
    const admin = await registeredAdmin();
    const { email, token } = await invited(admin);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Before the link is used nobody can sign in.
    expect((await signIn(email, 'password123')).status).toBe(400);

    const common = await setPassword(token, 'password123');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(accountMessages.passwordTooCommon);
    // Named by the form's own field, so the page shows it beside that field and nowhere else.
    expect(common.body.details?.map((d) => d.path)).toEqual(['newpassword']);

    const password = strongPassword();
    const set = await setPassword(token, password);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(accountMessages.passwordSet);
    const session = await signIn(email, password);
    expect(session.status).toBe(200);
    const change = await api('POST', '/api/auth/change-password', {
      token: session.body.Data!.token,
      body: { OldPassword: password, NewPassword: 'password123', ConfirmPassword: 'password123' },
    });
    expect(change.body.message).toBe(accountMessages.passwordTooCommon);
    expect(change.body.details?.map((d) => d.path)).toEqual(['NewPassword']);

    const reused = await setPassword(token, strongPassword());
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(accountMessages.setPasswordLinkInvalid);
    expect((await signIn(email, password)).status).toBe(200);

    const list = await api<TeamMember[]>('GET', '/api/team', { token: admin.token });
    expect(list.body.Data!.find((m) => m.email === email)?.invitationPending).toBe(false);
    // Nothing to resend once the member has set a password.
    const resend = await api('POST', '/api/team/resend-invitation', { token: admin.token, body: { email } });
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe(accountMessages.invitationAlreadyAccepted);
  });

  it('refuses an expired link, and an unknown or oversized token, with the same clear 400', async () => {
    const admin = await registeredAdmin();
    const { token } = await invited(admin);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `SETPW#${tokenHash}`, sk: 'SETPW' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    for (const t of [token, 'A'.repeat(43), 'A'.repeat(129)]) {
      const res = await setPassword(t, strongPassword());
      expect(res.status, t.slice(0, 8)).toBe(400);
      expect(res.body.message).toBe(accountMessages.setPasswordLinkInvalid);
    }
  });

  it('resending an invitation mails a new link and retires the old one', async () => {
    const admin = await registeredAdmin();
    const { email, token: first } = await invited(admin);
    const before = (await mailTo(email)).length;
    const resent = await api<TeamMember>('POST', '/api/team/resend-invitation', {
      token: admin.token,
      body: { email },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(accountMessages.invitationResent);
    await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000 }).toBe(before + 1);
    const second = setPasswordTokenIn((await mailTo(email)).at(-1)!);
    expect(second).not.toBe(first);

    const old = await setPassword(first, strongPassword());
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(accountMessages.setPasswordLinkInvalid);
    const password = strongPassword();
    expect((await setPassword(second, password)).status).toBe(200);
    expect((await signIn(email, password)).status).toBe(200);
  });

  it("a reset signs the member out everywhere and mails a link; no mail ever carries a password", async () => {
    const admin = await registeredAdmin();
    const member = await teamUser(admin);
    const session = await signIn(member.email, member.password);
    const token = session.body.Data!.token;
    const refreshToken = session.body.Data!.refreshToken!;
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);

    const reset = await api<TeamMember>('POST', '/api/team/reset-password', {
      token: admin.token,
      body: { email: member.email },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(accountMessages.memberPasswordReset);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { body: { refreshToken } })).status).not.toBe(200);

    const mail = await awaitMail(member.email, /Choose a new Proofmark password/);
    const password = strongPassword();
    expect((await setPassword(setPasswordTokenIn(mail), password)).status).toBe(200);
    expect((await signIn(member.email, password)).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(400);

    const mails = await mailTo(member.email);
    expect(mails.length).toBe(2);
    for (const m of mails) {
      const text = `${m.body.text ?? ''}${m.body.html ?? ''}`;
      expect(text).toMatch(/\/set-password\?token=/);
      expect(text).not.toContain(member.password);
      expect(text).not.toContain(password);
      expect(text).not.toMatch(/temporary password/i);
    }
  });

  it('never resets the main administrator nor a member of another organisation', async () => {
    const admin = await registeredAdmin();
    const res = await api('POST', '/api/team/reset-password', { token: admin.token, body: { email: admin.email } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(accountMessages.cannotChangeMainAdmin);
    const other = await registeredAdmin();
    const stranger = await teamUser(other);
    for (const action of ['reset-password', 'resend-invitation'] as const) {
      const r = await api('POST', `/api/team/${action}`, { token: admin.token, body: { email: stranger.email } });
      expect(r.status).toBe(404);
    }
  });
});
