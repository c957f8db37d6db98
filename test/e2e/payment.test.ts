import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registeredAdmin } from '../integration/accounts';
import { api } from '../integration/helpers';
import { openSignedIn, pathnameIs, sharedPageHooks } from './support';

/*
 * Buying a plan in the browser on one machine: /Plans → /payment (the "local test payments" form,
 * confirming at the local Stripe stand-in) → /paymentstatus → /Dashboard. The dashboard's content
 * is another screen's: this test checks where the browser lands and the balance the API reports.
 */
let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;
const balance = async () =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;

beforeAll(async () => {
  admin = await registeredAdmin();
  page = await openSignedIn(admin.session, { path: '/Plans', heading: 'Plans and pricing' });
});
sharedPageHooks('payment', () => page);

const buyStarterWith = async (card: string) => {
  await page.goto('/Plans');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await page.waitForURL(pathnameIs('/payment'));
  await page.getByText('Order summary').waitFor();
  await page.getByLabel('Card number (local test payments)').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(pathnameIs('/paymentstatus'));
};

describe('buying a plan', () => {
  it('pays with 4242…, lands on /Dashboard, and the balance has risen by the plan', async () => {
    const before = await balance();
    await buyStarterWith('4242 4242 4242 4242');
    await page.getByText(/100 certificates were added/).waitFor();
    await page.waitForURL(pathnameIs('/Dashboard'));
    expect(await balance()).toBe(before + 100);
  });

  it('leaves the balance alone with a declined card and shows the error toast', async () => {
    const before = await balance();
    await buyStarterWith('4000 0000 0000 0002');
    await page.getByText(/The payment failed: Your card was declined/).waitFor();
    await page.waitForURL(pathnameIs('/Dashboard'));
    expect(await balance()).toBe(before);
  });

  it('sends /payment without a plan back to /Plans', async () => {
    await page.goto('/payment');
    await page.waitForURL(pathnameIs('/Plans'));
  });
});
