import { describe, expect, it } from 'vitest';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import type { SessionData, TeamMember } from '@proofmark/shared/api/auth';
import { api } from './helpers';
import { registeredAdmin, teamUser } from './accounts';

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
