import { describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import type { SessionData } from '@proofmark/shared/contract/auth';
import { api, awaitMail, clients, cloud, codeIn, mailTo } from './helpers';
import { registeredAdmin, registration, strongPassword, uniqueEmail } from './accounts';
import { apiFrom, freshClient } from './from-client';
import { clientLimits } from '../../functions/src/domain/client-limits';

const codeItem = async (purpose: 'reset' | 'confirm', email: string) =>
  (
    await clients().dynamo.send(
      new GetCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `CODE#${purpose}#${email}`, sk: 'CODE' },
        ConsistentRead: true,
      }),
    )
  ).Item;

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

const loginFrom = (client: string, email: string, password: string) =>
  apiFrom<SessionData>(client, 'POST', '/api/auth/login', { body: { email, password } });

describe('reset and confirmation codes (finding 1)', () => {
  it('compares at most five of 60 concurrent guesses: the right code sent last does not get through', async () => {
    const admin = await registeredAdmin();
    expect(
      (await apiFrom(freshClient(), 'POST', '/api/auth/forgot', { body: { email: admin.email } })).status,
    ).toBe(200);
    const code = codeIn(await awaitMail(admin.email, /Reset your Proofmark password/));
    const password = strongPassword();
    const guesses = [...wrongCodes(code, 59), code];
    const answers = await Promise.all(
      guesses.map((c) =>
        api('POST', '/api/auth/reset', {
          body: { email: admin.email, code: c, newpassword: password, confirmpassword: password },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(answers.every((a) => a.body.message === accountMessages.badCode)).toBe(true);
    // The attempt past the limit burned the code; at most five were ever counted.
    const left = await codeItem('reset', admin.email);
    expect(left === undefined || Number(left.attempts) <= 5).toBe(true);
    // Burned: even the right code no longer works, and the password is unchanged.
    const late = await api('POST', '/api/auth/reset', {
      body: { email: admin.email, code, newpassword: password, confirmpassword: password },
    });
    expect(late.status).toBe(400);
    expect(
      (await api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } }))
        .status,
    ).toBe(200);
  });

  it('does the same for the email-confirmation code', async () => {
    const reg = registration();
    expect((await apiFrom(freshClient(), 'POST', '/api/auth/register', { body: reg })).status).toBe(200);
    const code = codeIn(await awaitMail(reg.email, /Confirm your Proofmark account/));
    const answers = await Promise.all(
      [...wrongCodes(code, 59), code].map((c) =>
        api('POST', '/api/auth/confirm', { body: { email: reg.email, code: c } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const left = await codeItem('confirm', reg.email);
    expect(left === undefined || Number(left.attempts) <= 5).toBe(true);
  });

  it('issues at most three codes per email in 15 minutes, with the same neutral answer', async () => {
    const admin = await registeredAdmin();
    const answers = [];
    // From different clients, so only the per-email limit applies.
    for (let i = 0; i < 6; i++)
      answers.push(
        await apiFrom(freshClient(), 'POST', '/api/auth/forgot', { body: { email: admin.email } }),
      );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set([accountMessages.codeSent]));
    await awaitMail(admin.email, /Reset your Proofmark password/);
    await new Promise((r) => setTimeout(r, 1500));
    const resets = (await mailTo(admin.email)).filter((m) => /Reset your Proofmark password/.test(m.subject));
    expect(resets.length).toBe(3);
  });

  it('refuses an expired code', async () => {
    const admin = await registeredAdmin();
    await apiFrom(freshClient(), 'POST', '/api/auth/forgot', { body: { email: admin.email } });
    const code = codeIn(await awaitMail(admin.email, /Reset your Proofmark password/));
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `CODE#reset#${admin.email}`, sk: 'CODE' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const password = strongPassword();
    const res = await api('POST', '/api/auth/reset', {
      body: { email: admin.email, code, newpassword: password, confirmpassword: password },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(accountMessages.badCode);
  });

  it('a reset does not lift the lock a guessing client earned', async () => {
    const admin = await registeredAdmin();
    const attacker = freshClient();
    for (let i = 0; i < 5; i++) await loginFrom(attacker, admin.email, `wrong guess ${i}`);
    expect((await loginFrom(attacker, admin.email, admin.password)).status).toBe(429);
    await apiFrom(freshClient(), 'POST', '/api/auth/forgot', { body: { email: admin.email } });
    const code = codeIn(await awaitMail(admin.email, /Reset your Proofmark password/));
    const password = strongPassword();
    const reset = await api('POST', '/api/auth/reset', {
      body: { email: admin.email, code, newpassword: password, confirmpassword: password },
    });
    expect(reset.status).toBe(200);
    expect((await loginFrom(attacker, admin.email, password)).status).toBe(429);
  });
});

describe('sign-in lockout (finding 2)', () => {
  it('never publishes the sign-in email in the issuer profile', async () => {
    const admin = await registeredAdmin();
    expect(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status,
    ).toBe(201);
    const slug = admin.session.organization_verify_uri.split('/').at(-1)!;
    const profile = await fetch(`${cloud().appUrl}/public/issuers/${slug}/profile.json`);
    expect(profile.status).toBe(200);
    const text = await profile.text();
    expect(text).not.toContain(admin.email);
    expect((JSON.parse(text) as { email: string }).email).toMatch(/@/);
  });

  it("a stranger's failures do not lock the owner out, and the stranger is refused", async () => {
    const admin = await registeredAdmin();
    const stranger = freshClient();
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(stranger, admin.email, `guess ${i} wrong`)).status).toBe(400);
    const refused = await loginFrom(stranger, admin.email, `guess 6 wrong`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(accountMessages.tooManyAttempts);
    // The owner, from their own client, signs in at once.
    expect((await loginFrom(freshClient(), admin.email, admin.password)).status).toBe(200);
  });

  it('one client failing across many emails is refused altogether', async () => {
    const stuffer = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await loginFrom(stuffer, uniqueEmail('nobody'), 'wrong password!')).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const last = await loginFrom(stuffer, uniqueEmail('nobody'), 'wrong password!');
    expect(last.body.message).toBe(accountMessages.tooManyRequests);
  });
});

describe('per-client throttles on public routes (finding 10)', () => {
  it('register, forgot and resend-code answer 429 once a client asked too often', async () => {
    const client = freshClient();
    const forgot = [];
    for (let i = 0; i < 11; i++)
      forgot.push(
        (await apiFrom(client, 'POST', '/api/auth/forgot', { body: { email: uniqueEmail('x') } })).status,
      );
    expect(forgot.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(forgot[10]).toBe(429);

    const resend = [];
    for (let i = 0; i < 11; i++)
      resend.push(
        (await apiFrom(client, 'POST', '/api/auth/resend-code', { body: { email: uniqueEmail('x') } }))
          .status,
      );
    expect(resend[10]).toBe(429);

    const other = freshClient();
    const reg = [];
    for (let i = 0; i < 11; i++)
      reg.push(await apiFrom(other, 'POST', '/api/auth/register', { body: registration() }));
    expect(reg.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(reg[10]!.status).toBe(429);
    expect(reg[10]!.body.message).toBe(accountMessages.tooManyRequests);
  });

  it('the chain relay, verification recording and wallet introduction answer 429 past their per-client limits', async () => {
    // Limits count in fixed windows (DynamoDB counters keyed by the window's start): a loop that
    // runs across a window's end starts counting again, so each loop starts in a fresh window.
    const countUntil429 = async (
      call: () => Promise<{ status: number }>,
      limit: { max: number; windowSeconds: number },
    ) => {
      const leftMs = limit.windowSeconds * 1000 - (Date.now() % (limit.windowSeconds * 1000));
      if (leftMs < 10_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
      for (let i = 1; i <= limit.max + 1; i++) if ((await call()).status === 429) return i;
      return undefined;
    };
    const relayClient = freshClient();
    const relayed = await countUntil429(
      () =>
        apiFrom(relayClient, 'POST', '/api/public/chain/eth-sepolia', {
          body: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
        }),
      clientLimits.chainRelay,
    );
    expect(relayed).toBe(clientLimits.chainRelay.max + 1);

    const verifier = freshClient();
    const recorded = await countUntil429(
      () =>
        apiFrom(verifier, 'POST', '/api/public/verifications', {
          body: { credentialId: 'urn:uuid:nothing', verdict: 'verified', method: 'id' },
        }),
      clientLimits.verification,
    );
    expect(recorded).toBe(clientLimits.verification.max + 1);

    const wallet = freshClient();
    const introduced = await countUntil429(
      () =>
        apiFrom(wallet, 'POST', '/api/public/issuers/no-such-issuer/introduce', {
          body: { bitcoinAddress: 'addr', nonce: 'nonce' },
        }),
      clientLimits.walletIntroduction,
    );
    expect(introduced).toBe(clientLimits.walletIntroduction.max + 1);
    // Other clients are not affected.
    expect(
      (
        await apiFrom(freshClient(), 'POST', '/api/public/verifications', {
          body: { credentialId: 'urn:uuid:nothing', verdict: 'verified', method: 'id' },
        })
      ).status,
    ).toBe(202);
  });
});
