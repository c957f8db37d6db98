import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import {
  activeMember,
  adminOfNewOrganisation,
  call,
  mailFor,
  newPassword,
  setPasswordTokenIn,
  signIn,
  uniqueEmail,
} from './cloudApi';
import { launchChromium } from './browser';
import { choose, freshPage, logIn, pathnameIs, sessionKey, submitOf } from './support';

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('team management in the Team tab', () => {
  it('deactivates a member (their next call is refused), reactivates and removes them', async () => {
    ({ context, page } = await freshPage(browser));
    const admin = await adminOfNewOrganisation();
    const member = await activeMember(admin);
    const memberToken = await signIn(member.email, member.password);
    expect((await call('GET', '/api/auth/me', { token: memberToken })).status).toBe(200);

    await logIn(page, admin.email, admin.password);
    await page.waitForURL(pathnameIs('/Dashboard'));
    await page.goto('/MyProfile?tab=team');
    const row = page.getByRole('row').filter({ hasText: member.email });
    await row.waitFor();

    await row.getByRole('button', { name: `Deactivate ${member.email}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(accountMessages.memberDeactivated).waitFor();
    await row.getByText('Deactivated', { exact: true }).waitFor();
    expect([401, 403]).toContain((await call('GET', '/api/auth/me', { token: memberToken })).status);

    await row.getByRole('button', { name: `Reactivate ${member.email}` }).click();
    await page.getByText(accountMessages.memberReactivated).waitFor();
    await row.getByRole('button', { name: `Deactivate ${member.email}` }).waitFor();
    const again = await signIn(member.email, member.password);
    expect((await call('GET', '/api/auth/me', { token: again })).status).toBe(200);

    await row.getByRole('button', { name: `Remove ${member.email}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
    await page.getByText(accountMessages.memberRemoved).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await call('GET', '/api/auth/me', { token: again })).status).toBe(401);
    // The main administrator's own row offers no such buttons.
    const own = page.getByRole('row').filter({ hasText: admin.email });
    expect(await own.getByRole('button', { name: /Remove|Deactivate/ }).count()).toBe(0);
  });

  it('invites by link: the member opens the mailed link, sets a password and signs in; resend and reset', async () => {
    ({ context, page } = await freshPage(browser));
    const admin = await adminOfNewOrganisation();
    await logIn(page, admin.email, admin.password);
    await page.waitForURL(pathnameIs('/Dashboard'));
    await page.goto('/MyProfile?tab=team');

    const email = uniqueEmail('invitee');
    const started = Date.now();
    await page.getByRole('button', { name: 'Add user' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.getByLabel('First name').fill('Grace');
    await addDialog.getByLabel('Last name').fill('Hopper');
    await addDialog.getByLabel('Email').fill(email);
    await choose(page, 'Role', 'MIS Manager');
    await addDialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByText(accountMessages.teamUserAdded).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Invitation pending', { exact: true }).waitFor();
    const first = await mailFor(email, /invited you to Proofmark/, started);
    expect(first.body.text).not.toMatch(/temporary password/i);

    // Resend: a new link; the first one stops working.
    const resentAt = Date.now();
    await row.getByRole('button', { name: `Resend invitation to ${email}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Resend' }).click();
    await page.getByText(accountMessages.invitationResent).waitFor();
    let second = await mailFor(email, /invited you to Proofmark/, resentAt);
    for (let i = 0; setPasswordTokenIn(second) === setPasswordTokenIn(first) && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      second = await mailFor(email, /invited you to Proofmark/, resentAt);
    }
    expect(setPasswordTokenIn(second)).not.toBe(setPasswordTokenIn(first));

    const member = await freshPage(browser);
    try {
      const memberPage = member.page;
      const setForm = async (password: string) => {
        await memberPage.getByLabel('New password', { exact: true }).fill(password);
        await memberPage.getByLabel('Confirm new password').fill(password);
        await submitOf(memberPage, 'Set password').click();
      };
      await memberPage.goto(`/set-password?token=${setPasswordTokenIn(first)}`);
      await memberPage.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await setForm(newPassword());
      await memberPage.getByText(accountMessages.setPasswordLinkInvalid).waitFor();

      await memberPage.goto(`/set-password?token=${setPasswordTokenIn(second)}`);
      await setForm('password123');
      await memberPage.getByText(accountMessages.passwordTooCommon).first().waitFor();
      await expect.poll(() => memberPage.getByText(accountMessages.passwordTooCommon).count(), { timeout: 5000 }).toBe(1);
      const password = newPassword();
      await setForm(password);
      await memberPage.waitForURL(pathnameIs('/login'));
      await memberPage.getByText(accountMessages.passwordSet).waitFor();
      await logIn(memberPage, email, password);
      await memberPage.waitForURL(pathnameIs('/Dashboard'));
      const memberToken = (
        JSON.parse((await memberPage.evaluate(`localStorage.getItem('${sessionKey}')`)) as string) as { token: string }
      ).token;
      expect((await call('GET', '/api/auth/me', { token: memberToken })).status).toBe(200);

      // Reset by the administrator: the member's session ends and a new link is mailed.
      await page.reload();
      await row.getByRole('button', { name: `Reset password of ${email}` }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Reset password' }).click();
      await page.getByText(accountMessages.memberPasswordReset).waitFor();
      expect((await call('GET', '/api/auth/me', { token: memberToken })).status).toBe(401);
      const resetMail = await mailFor(email, /Choose a new Proofmark password/, started);
      expect(setPasswordTokenIn(resetMail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await member.context.close();
    }
  });
});
