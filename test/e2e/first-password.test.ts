import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionData } from '@proofmark/shared/contract/auth';
import type { TeamMember } from '@proofmark/shared/contract/team';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { registeredAdmin } from '../integration/accounts';
import { clients, cloud } from '../integration/helpers';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { activeMember, call, newPassword } from './cloudApi';
import { fieldErrors, freshPage, logIn, pathnameIs } from './support';

/**
 * A member invited before set-password links existed got a temporary password from their
 * administrator and still carries `mustChangePassword`: their first sign-in keeps them on the
 * forced "Choose your password" screen until they choose one; then they land in the app, and the
 * temporary password no longer signs in.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ({ context, page } = await freshPage(browser));
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') {
    await page?.screenshot({ path: `/tmp/first-password-failed-${test.task.name.replace(/\W+/g, '-')}.png` });
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A member whose row says the administrator set their password (what invitations did before links). */
async function memberWithTemporaryPassword(): Promise<{ email: string; password: string }> {
  const admin = await registeredAdmin();
  const member = await activeMember(admin);
  const team = await call<TeamMember[]>('GET', '/api/team', { token: admin.token });
  const row = team.body.Data!.find((m) => m.email === member.email)!;
  await clients().dynamo.send(
    new UpdateCommand({
      TableName: cloud().resources.tableName,
      Key: { pk: `ORG#${admin.orgId}`, sk: `USER#${row.user_id}` },
      UpdateExpression: 'SET mustChangePassword = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': true },
    }),
  );
  return member;
}

describe('the forced first-password screen', () => {
  it('keeps a member with a temporary password on it until they choose one, then opens the app', async () => {
    const { email, password: temporary } = await memberWithTemporaryPassword();

    await logIn(page, email, temporary);
    await page.waitForURL(pathnameIs('/ChangePassword'));
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');
    // Nothing else opens until the password is changed.
    await page.goto('/MyProfile');
    await page.waitForURL(pathnameIs('/ChangePassword'));
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();

    const change = page.getByRole('button', { name: 'Change', exact: true });
    await change.click();
    await expect
      .poll(() => fieldErrors(page), { timeout: 5000 })
      .toEqual([accountMessages.inputNewPassword, accountMessages.inputConfirmPassword]);
    const chosen = newPassword();
    await page.getByLabel('New password').fill(chosen);
    await page.getByLabel('Confirm password').fill(`${chosen}?`);
    await change.click();
    await expect
      .poll(() => fieldErrors(page), { timeout: 5000 })
      .toEqual([accountMessages.newAndConfirmDiffer]);

    await page.getByLabel('Confirm password').fill(chosen);
    await change.click();
    await page.waitForURL(pathnameIs('/Dashboard'));
    await page.getByText(accountMessages.passwordChanged).first().waitFor();
    // The app's sections are offered again, and a reload stays in the app.
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.reload();
    await page.waitForURL(pathnameIs('/Dashboard'));

    // The temporary password is gone; the chosen one signs in without the forced step.
    const old = await call('POST', '/api/auth/login', { body: { email, password: temporary } });
    expect(old.status).toBeGreaterThanOrEqual(400);
    expect(old.body.message).toBe(accountMessages.badCredentials);
    const fresh = await call<SessionData>('POST', '/api/auth/login', { body: { email, password: chosen } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.Data?.ispasswordchanged).toBe(0);
  });
});
