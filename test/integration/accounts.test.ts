import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages, addUserFieldMessages } from '@proofmark/shared/accounts/messages';
import { loginResponse, meResponse, type SessionData } from '@proofmark/shared/contract/auth';
import { teamListResponse, type TeamMember } from '@proofmark/shared/contract/team';
import { noPermissions, togglePermission } from '@proofmark/shared/accounts/permissions';
import { api, awaitMail, clients, cloud, codeIn, mailTo, setPasswordTokenIn } from './helpers';
import { registeredAdmin, registration, strongPassword, teamUser, uniqueEmail } from './accounts';

const login = (email: string, password: string) =>
  api<SessionData>('POST', '/api/auth/login', { body: { email, password } });

describe('registration', () => {
  it('register → confirm by mailed code → login → change password → logout → old token refused', async () => {
    const reg = registration();
    const res = await api('POST', '/api/auth/register', { body: reg });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(accountMessages.registered);

    // Not before the email is confirmed.
    expect((await login(reg.email, reg.password)).body.message).toBe(accountMessages.confirmEmailFirst);
    const mail = await awaitMail(reg.email, /Confirm your Proofmark account/);
    expect(
      (
        await api('POST', '/api/auth/confirm', {
          body: { email: reg.email, code: codeIn(mail) === '000000' ? '111111' : '000000' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/auth/confirm', { body: { email: reg.email, code: codeIn(mail) } })).status,
    ).toBe(200);
    // The code works once.
    expect(
      (await api('POST', '/api/auth/confirm', { body: { email: reg.email, code: codeIn(mail) } })).status,
    ).toBe(400);

    const signedIn = await login(reg.email, reg.password);
    expect(signedIn.status).toBe(200);
    const session = loginResponse.parse(signedIn.body).Data;
    expect(session).toMatchObject({
      fname: 'Ada',
      lname: 'Lovelace',
      email: reg.email,
      organization_name: 'Analytical College',
      ispasswordchanged: 0,
      isadmin: 1,
    });
    expect(session.organization_verify_uri).toMatch(
      new RegExp(`^${cloud().appUrl}/verify/analytical-college-[0-9a-f]{6}$`),
    );
    expect(session.current_year).toBe(new Date().getUTCFullYear());

    const token = session.token;
    expect(meResponse.parse((await api('GET', '/api/auth/me', { token })).body).Data.email).toBe(reg.email);

    const wrongOld = await api('POST', '/api/auth/change-password', {
      token,
      body: {
        OldPassword: 'not it at all',
        NewPassword: 'a new passphrase',
        ConfirmPassword: 'a new passphrase',
      },
    });
    expect(wrongOld.body.message).toBe(accountMessages.oldPasswordWrong);
    const missing = await api('POST', '/api/auth/change-password', {
      token,
      body: { OldPassword: reg.password, NewPassword: '', ConfirmPassword: '' },
    });
    expect(missing.body.message).toBe(accountMessages.allFieldsRequired);
    const differ = await api('POST', '/api/auth/change-password', {
      token,
      body: {
        OldPassword: reg.password,
        NewPassword: 'one new passphrase',
        ConfirmPassword: 'another passphrase',
      },
    });
    expect(differ.body.message).toBe(accountMessages.newAndConfirmDiffer);
    const newPassword = strongPassword();
    const changed = await api('POST', '/api/auth/change-password', {
      token,
      body: { OldPassword: reg.password, NewPassword: newPassword, ConfirmPassword: newPassword },
    });
    expect(changed.status).toBe(200);
    expect((await login(reg.email, reg.password)).status).toBe(400);
    const again = await login(reg.email, newPassword);
    expect(again.status).toBe(200);

    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: again.body.Data!.token })).status).toBe(401);
    expect(
      (await api('POST', '/api/auth/refresh', { body: { refreshToken: again.body.Data!.refreshToken } }))
        .status,
    ).toBe(401);
    // Signing in again works at once.
    const fresh = await login(reg.email, newPassword);
    expect((await api('GET', '/api/auth/me', { token: fresh.body.Data!.token })).status).toBe(200);
  });

  it('refuses a second registration with the same email, and leaves nothing behind when it fails half way', async () => {
    const reg = registration();
    expect((await api('POST', '/api/auth/register', { body: reg })).status).toBe(200);
    const dup = await api('POST', '/api/auth/register', { body: { ...registration(), email: reg.email } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(accountMessages.emailTaken);

    // A registration racing another: its table transaction fails after the Cognito user was created.
    const racing = registration();
    const { dynamo, cognito } = clients();
    await dynamo.send(
      new PutCommand({
        TableName: cloud().resources.tableName,
        Item: { pk: `EMAIL#${racing.email}`, sk: 'EMAIL', orgId: 'other' },
      }),
    );
    const res = await api('POST', '/api/auth/register', { body: racing });
    expect(res.status).toBe(409);
    const cognitoUser = await cognito
      .send(new AdminGetUserCommand({ UserPoolId: cloud().resources.userPoolId, Username: racing.email }))
      .then(
        () => 'exists',
        (e: Error) => e.name,
      );
    expect(cognitoUser).toBe('UserNotFoundException');
    const rows = await dynamo.send(
      new QueryCommand({
        TableName: cloud().resources.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `EMAIL#${racing.email}` },
      }),
    );
    expect(rows.Items).toEqual([]);
  });

  it('validates the payload with field messages and applies the password policy', async () => {
    const short = await api('POST', '/api/auth/register', { body: registration({ password: 'short' }) });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(accountMessages.passwordTooShort);
    const common = await api('POST', '/api/auth/register', { body: registration({ password: 'iloveyou1' }) });
    expect(common.body.message).toBe(accountMessages.passwordTooCommon);
    const bad = await api('POST', '/api/auth/register', {
      body: registration({ Job_Title: 'Astronaut', email: 'not-an-email' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['Job_Title', 'email']);
  });
});

describe('sign-in', () => {
  it("records the client's address as the gateway saw it, whatever the body claims", async () => {
    const admin = await registeredAdmin();
    await login(admin.email, admin.password);
    const rows = await clients().dynamo.send(
      new QueryCommand({
        TableName: cloud().resources.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `EMAIL#${admin.email}` },
      }),
    );
    expect(rows.Items?.[0]?.lastLoginIp).toBe('127.0.0.1');
  });

  it('still knows an account whose rows were written before the store layer (no entity marker)', async () => {
    const admin = await registeredAdmin();
    // As rows were before entities: no __edb_e__ / __edb_v__ (a write through the entity adds them).
    const asBeforeEntities = async () => {
      for (const sk of ['ORG', `USER#${admin.session.user_id}`])
        await clients().dynamo.send(
          new UpdateCommand({
            TableName: cloud().resources.tableName,
            Key: { pk: `ORG#${admin.orgId}`, sk },
            UpdateExpression: 'REMOVE #e, #v',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#e': '__edb_e__', '#v': '__edb_v__' },
          }),
        );
    };
    await asBeforeEntities();
    const again = await login(admin.email, admin.password);
    expect(again.status).toBe(200);
    expect(again.body.Data!.organization_name).toBe(admin.session.organization_name);
    await asBeforeEntities();
    const team = await api<TeamMember[]>('GET', '/api/team', { token: again.body.Data!.token });
    expect(team.status).toBe(200);
    expect(team.body.Data?.map((m) => m.email)).toEqual([admin.email]);
  });

  it('answers a wrong password and an unknown email the same way, and throttles repeated failures', async () => {
    const admin = await registeredAdmin();
    const wrong = await login(admin.email, 'wrong password!');
    const unknown = await login(uniqueEmail('nobody'), 'wrong password!');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(accountMessages.badCredentials);

    for (let i = 0; i < 4; i++) await login(admin.email, 'wrong password!');
    const locked = await login(admin.email, admin.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(accountMessages.tooManyAttempts);
  });

  it('resets a forgotten password with a mailed code, and says the same for unknown emails', async () => {
    const admin = await registeredAdmin();
    const nobody = uniqueEmail('nobody');
    const unknown = await api('POST', '/api/auth/forgot', { body: { email: nobody } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(accountMessages.codeSent);
    expect(await mailTo(nobody)).toEqual([]);

    expect((await api('POST', '/api/auth/forgot', { body: { email: admin.email } })).body.message).toBe(
      accountMessages.codeSent,
    );
    const mail = await awaitMail(admin.email, /Reset your Proofmark password/);
    const password = strongPassword();
    const mismatch = await api('POST', '/api/auth/reset', {
      body: {
        email: admin.email,
        code: codeIn(mail),
        newpassword: password,
        confirmpassword: `${password}x`,
      },
    });
    expect(mismatch.body.message).toBe(accountMessages.newAndConfirmDiffer);
    const reset = await api('POST', '/api/auth/reset', {
      body: { email: admin.email, code: codeIn(mail), newpassword: password, confirmpassword: password },
    });
    expect(reset.status).toBe(200);
    expect((await login(admin.email, admin.password)).status).toBe(400);
    expect((await login(admin.email, password)).status).toBe(200);
  });
});

describe('team', () => {
  it('adds a team user who chooses a password through the mailed link; a forced change still works', async () => {
    const admin = await registeredAdmin();
    const email = uniqueEmail('member');
    const body = { firstname: 'Grace', lastname: 'Hopper', email, job_title: 'MIS Manager' };

    const noName = await api('POST', '/api/team', { token: admin.token, body: { ...body, firstname: '' } });
    expect(noName.body.message).toBe(addUserFieldMessages.firstname);
    const noRole = await api('POST', '/api/team', {
      token: admin.token,
      body: { ...body, job_title: undefined },
    });
    expect(noRole.body.message).toBe(addUserFieldMessages.job_title);

    const added = await api<TeamMember>('POST', '/api/team', { token: admin.token, body });
    expect(added.status).toBe(201);
    expect(added.body.Data!.invitationPending).toBe(true);
    const invitation = await awaitMail(email, /invited you to Proofmark/);
    expect(invitation.body.text).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}\b/);
    expect(invitation.body.text).not.toMatch(/password:/i);

    const own = strongPassword();
    const set = await api('POST', '/api/auth/set-password', {
      body: { token: setPasswordTokenIn(invitation), newpassword: own, confirmpassword: own },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(accountMessages.passwordSet);
    const first = await login(email, own);
    expect(first.body.Data?.ispasswordchanged).toBe(0);

    // A member invited with a temporary password before links existed still carries the flag.
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `ORG#${admin.orgId}`, sk: `USER#${added.body.Data!.user_id}` },
        UpdateExpression: 'SET mustChangePassword = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    const forced = await login(email, own);
    expect(forced.body.Data?.ispasswordchanged).toBe(1);
    const token = forced.body.Data!.token;
    // Nothing else until the password is changed.
    expect((await api('GET', '/api/profile', { token })).body.message).toBe(accountMessages.mustChangePassword);

    const order = await api('POST', '/api/auth/first-password', {
      token,
      body: { newpassword: '', confirmpassword: '' },
    });
    expect(order.body.message).toBe(accountMessages.inputNewPassword);
    const noConfirm = await api('POST', '/api/auth/first-password', {
      token,
      body: { newpassword: 'x', confirmpassword: '' },
    });
    expect(noConfirm.body.message).toBe(accountMessages.inputConfirmPassword);
    const differ = await api('POST', '/api/auth/first-password', {
      token,
      body: { newpassword: 'abcdefghij', confirmpassword: 'abcdefghik' },
    });
    expect(differ.body.message).toBe(accountMessages.newAndConfirmDiffer);
    const chosen = strongPassword();
    expect(
      (
        await api('POST', '/api/auth/first-password', {
          token,
          body: { newpassword: chosen, confirmpassword: chosen, loginstep: 'yes' },
        })
      ).status,
    ).toBe(200);
    expect((await login(email, chosen)).body.Data?.ispasswordchanged).toBe(0);
    // Once changed, setting a password without the old one is refused.
    const again = await api('POST', '/api/auth/first-password', {
      token,
      body: { newpassword: chosen + 'x', confirmpassword: chosen + 'x' },
    });
    expect(again.body.message).toBe(accountMessages.firstPasswordNotRequired);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('persists permission toggles normalised by the rules and enforces them at once', async () => {
    const admin = await registeredAdmin();
    const member = await teamUser(admin);
    // New team users are view-only: they may read, not write.
    const topUp = () => api('POST', '/api/balance/top-up', { token: member.token, body: { amount: 1 } });
    expect((await topUp()).status).toBe(403);

    const issuer = togglePermission(noPermissions(), 'issuer', true);
    // viewonly sent as 1 together with issuer: the stored result follows the rules (view-only wins).
    const upd = await api('POST', '/api/team/permissions', {
      token: admin.token,
      body: { email: member.email, ...issuer, viewonly: 1 },
    });
    expect(upd.status).toBe(200);
    let team = teamListResponse.parse((await api('GET', '/api/team', { token: admin.token })).body).Data;
    expect(team.find((m) => m.email === member.email)?.permissions).toMatchObject({
      viewonly: 1,
      issuer: 0,
      issuecertificate: 0,
    });

    await api('POST', '/api/team/permissions', {
      token: admin.token,
      body: { email: member.email, ...issuer },
    });
    team = teamListResponse.parse((await api('GET', '/api/team', { token: admin.token })).body).Data;
    expect(team.find((m) => m.email === member.email)?.permissions).toMatchObject({
      viewonly: 0,
      issuer: 1,
      generatecertificate: 1,
      previewcertificate: 1,
      issuecertificate: 1,
    });
    expect(team[0]?.isMainAdmin).toBe(true);
    // The same token now may write (issuing members may ask for a top-up).
    expect((await topUp()).status).toBe(200);

    // Only the main admin manages the team, and the main admin's own flags are fixed.
    expect((await api('GET', '/api/team', { token: member.token })).body.message).toBe(
      accountMessages.teamMainAdminOnly,
    );
    expect(
      (
        await api('POST', '/api/team/permissions', {
          token: admin.token,
          body: { email: admin.email, ...noPermissions() },
        })
      ).body.message,
    ).toBe(accountMessages.cannotEditMainAdmin);
  });
});
