import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { activeMember, adminOfNewOrganisation, call, signIn } from './cloudApi';
import { launchChromium } from './browser';
import { freshPage, logIn, pathnameIs } from './support';

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
});
