import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountMessages, addUserFieldMessages } from '@proofmark/shared/accounts/messages';
import {
  activeMember,
  adminOfNewOrganisation,
  call as api,
  mailFor,
  newPassword,
  registration,
  sixDigitCode,
  uniqueEmail,
} from './cloudApi';
import { launchChromium } from './browser';
import {
  choose,
  fieldErrors,
  freshPage,
  isChecked,
  logIn,
  pathnameIs,
  screenshot,
  sessionKey,
  submitOf,
} from './support';

let browser: Browser;
let context: BrowserContext | undefined;
let current: Page | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (test) => {
  // A picture of the moment a test failed says more than the locator that timed out.
  if (test.task.result?.state === 'fail' && current !== undefined) {
    const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await current.screenshot({ path: `/tmp/failed-${name}.png`, fullPage: true }).catch(() => undefined);
  }
  await context?.close();
  context = undefined;
  current = undefined;
});

/** Every test gets its own browser context (no shared session) and its own organisation. */
async function open(): Promise<Page> {
  const fresh = await freshPage(browser);
  context = fresh.context;
  current = fresh.page;
  return fresh.page;
}

describe('registration and sign-in', () => {
  it('registers, confirms the emailed code, signs in to the dashboard and logs out', async () => {
    const page = await open();
    const reg = registration();

    await page.goto('/Register');
    await page.getByRole('heading', { name: 'Create your organization account' }).waitFor();
    // The shared schema's messages show beside the fields before anything is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter the first name.').waitFor();
    await expect
      .poll(() => fieldErrors(page), { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          'Please select graduates per year.',
          'Please select your job title.',
          'Please select how you found us.',
        ]),
      );

    await page.getByLabel('First name').fill(reg.fname);
    await page.getByLabel('Last name').fill(reg.lname);
    await page.getByLabel('Organization name').fill(reg.Organization_Name);
    await page.getByLabel('Organization URL').fill(reg.Organization_URL);
    await page.getByLabel('Work email').fill(reg.email);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await choose(page, 'Graduates / members per year', reg.Graduates_Members);
    await choose(page, 'Job title', reg.Job_Title);
    await choose(page, 'How did you find us?', reg.How_did_you_find_us);
    // The server refuses a common password: said once, beside the field, not again in a banner.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(accountMessages.passwordTooCommon).first().waitFor();
    await expect
      .poll(() => page.getByText(accountMessages.passwordTooCommon).count(), { timeout: 5000 })
      .toBe(1);
    await page.getByLabel('Password', { exact: true }).fill(reg.password);
    await expect.poll(() => fieldErrors(page), { timeout: 5000 }).toEqual([]);
    await screenshot(page, 'register');

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    expect(
      await page.getByRole('alert').filter({ hasText: accountMessages.registered }).count(),
    ).toBeGreaterThan(0);

    const mail = await mailFor(reg.email, /Confirm your Proofmark account/);
    await page.getByLabel('Confirmation code').fill(sixDigitCode(mail));
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.waitForURL(pathnameIs('/login'));
    await page.getByText(accountMessages.confirmed).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(reg.email);
    await screenshot(page, 'login');

    await page.getByLabel('Password', { exact: true }).fill(reg.password);
    await submitOf(page, 'Log in').click();
    await page.waitForURL(pathnameIs('/Dashboard'));
    const menu = page.getByRole('menu');
    await menu.getByText('My Profile', { exact: true }).waitFor();
    expect(await page.locator('.ant-menu-item-selected').innerText()).toBe('Dashboard');
    const token = (
      JSON.parse((await page.evaluate(`localStorage.getItem('${sessionKey}')`)) as string) as {
        token: string;
      }
    ).token;

    await menu.getByText('Logout', { exact: true }).click();
    await page.waitForURL(pathnameIs('/'));
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(`localStorage.length`)).toBe(0);
    // The server revoked the token: it no longer opens anything, even if someone kept a copy.
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);

    await page.goto('/Dashboard');
    await page.waitForURL(pathnameIs('/login'));
  });

  it('shows a wrong password as an error, and offers the code step to an unconfirmed account', async () => {
    const page = await open();
    const reg = registration();
    expect((await api('POST', '/api/auth/register', { body: reg })).status).toBe(200);

    await logIn(page, reg.email, 'not the password');
    await page.getByRole('alert').filter({ hasText: accountMessages.badCredentials }).waitFor();
    // The loader stopped and the form can be used again.
    expect(await submitOf(page, 'Log in').getAttribute('class')).not.toContain('ant-btn-loading');
    expect(await page.getByLabel('Password', { exact: true }).isEditable()).toBe(true);

    await page.getByLabel('Password', { exact: true }).fill(reg.password);
    await submitOf(page, 'Log in').click();
    await page.getByText(accountMessages.confirmEmailFirst).waitFor();
    const mail = await mailFor(reg.email, /Confirm your Proofmark account/);
    await page.getByLabel('Confirmation code').fill(sixDigitCode(mail));
    await page.getByRole('button', { name: 'Confirm email' }).click();
    // Confirmed, then signed in with the credentials already typed.
    await page.waitForURL(pathnameIs('/Dashboard'));
  });

  it('resets a forgotten password with the mailed code and returns to /login after 4 seconds', async () => {
    const page = await open();
    const admin = await adminOfNewOrganisation();
    const started = Date.now();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(pathnameIs('/ForgotPassword'));
    await page.getByLabel('Registered email').fill(admin.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(accountMessages.codeSent).waitFor();

    const mail = await mailFor(admin.email, /Reset your Proofmark password/, started);
    const password = newPassword();
    await page.getByLabel('Reset code').fill(sixDigitCode(mail));
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(accountMessages.newAndConfirmDiffer).waitFor();
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.getByText(accountMessages.passwordReset).waitFor();
    const shownAt = Date.now();
    await page.waitForURL(pathnameIs('/login'), { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3500);
    expect((await api('POST', '/api/auth/login', { body: { email: admin.email, password } })).status).toBe(
      200,
    );
  });

  it('sends the user to /login when a call answers 401 (session revoked elsewhere)', async () => {
    const page = await open();
    const admin = await adminOfNewOrganisation();
    await logIn(page, admin.email, admin.password);
    await page.waitForURL(pathnameIs('/Dashboard'));
    const stored = JSON.parse((await page.evaluate(`localStorage.getItem('${sessionKey}')`)) as string) as {
      token: string;
    };
    // Signing out everywhere revokes this browser's tokens and its refresh token.
    expect((await api('POST', '/api/auth/logout', { token: stored.token })).status).toBe(200);

    // The next call answers 401: the dashboard's own (its header's session check) may make it before
    // the menu can be clicked, else opening My Profile does. Either way the user lands on /login.
    const toLogin = page.waitForURL(pathnameIs('/login'));
    await Promise.race([
      page
        .getByRole('menu')
        .getByText('My Profile', { exact: true })
        .click()
        .catch(() => undefined),
      toLogin,
    ]);
    await toLogin;
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    expect(await page.evaluate(`localStorage.getItem('${sessionKey}')`)).toBeNull();
  });
});

describe('team management', () => {
  it('lets the main admin add a user and grant Issuer, with the knock-on switches, persisted', async () => {
    const page = await open();
    const admin = await adminOfNewOrganisation();
    await logIn(page, admin.email, admin.password);
    await page.waitForURL(pathnameIs('/Dashboard'));

    await page.goto('/MyProfile');
    await page.getByRole('tab', { name: 'Team' }).click();
    const table = page.getByRole('table');
    await table.getByText(admin.email).waitFor();

    await page.getByRole('button', { name: 'Add user' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.getByRole('button', { name: 'Add user' }).click();
    await addDialog.getByText(addUserFieldMessages.firstname).waitFor();
    await expect
      .poll(() => fieldErrors(addDialog), { timeout: 5000 })
      .toEqual(Object.values(addUserFieldMessages));

    const email = uniqueEmail('member');
    await addDialog.getByLabel('First name').fill('Grace');
    await addDialog.getByLabel('Last name').fill('Hopper');
    await addDialog.getByLabel('Email').fill(email);
    await choose(page, 'Role', 'MIS Manager');
    // No password field: the member chooses theirs through the mailed link.
    expect(await addDialog.getByLabel('Password', { exact: true }).count()).toBe(0);
    await addDialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByText(accountMessages.teamUserAdded).waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain('VIEW ONLY');
    await screenshot(page, 'team');

    await row.getByRole('button', { name: 'Edit permission' }).click();
    const permissions = page.getByRole('dialog').filter({ hasText: 'Edit permissions' });
    const toggle = (label: string) => permissions.getByRole('switch', { name: label, exact: true });
    expect(await isChecked(toggle('View only'))).toBe(true);
    await toggle('Issuer').click();
    for (const label of ['Issuer', 'Generate certificate', 'Preview certificate', 'Issue certificate']) {
      expect(await isChecked(toggle(label)), label).toBe(true);
    }
    expect(await isChecked(toggle('View only'))).toBe(false);
    expect(await permissions.getByText('ISSUER', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'permissions');
    await permissions.getByRole('button', { name: 'Save' }).click();
    await page.getByText(accountMessages.permissionsUpdated).waitFor();
    await permissions.waitFor({ state: 'hidden' });
    await row.getByText('ISSUER', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Team', selected: true }).waitFor();
    const reloadedRow = page.getByRole('table').getByRole('row').filter({ hasText: email });
    await reloadedRow.getByText('ISSUER', { exact: true }).waitFor();
    await reloadedRow.getByRole('button', { name: 'Edit permission' }).click();
    const reopened = page.getByRole('dialog').filter({ hasText: 'Edit permissions' });
    const again = (label: string) => reopened.getByRole('switch', { name: label, exact: true });
    for (const label of ['Issuer', 'Generate certificate', 'Preview certificate', 'Issue certificate']) {
      expect(await isChecked(again(label)), label).toBe(true);
    }
    expect(await isChecked(again('View only'))).toBe(false);
  });

  it('shows a view-only user no Team tab and no mutating buttons in My Profile', async () => {
    const page = await open();
    const admin = await adminOfNewOrganisation();
    const member = await activeMember(admin);

    await logIn(page, member.email, member.password);
    await page.waitForURL(pathnameIs('/Dashboard'));
    await page.goto('/MyProfile?tab=team');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();

    const tabs = (await page.getByRole('tab').allInnerTexts()).map((t) => t.trim());
    expect(tabs).toEqual(['Profile', 'Generate key pair', 'Change Password', 'Setting']);
    expect(await page.getByText('VIEW ONLY', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit permission' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Generate|Upload|Save/ }).count()).toBe(0);
    // Their own password is theirs to change.
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    await screenshot(page, 'profile-viewonly');
  });
});
