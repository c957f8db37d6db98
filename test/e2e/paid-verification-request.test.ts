import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registeredAdmin } from '../integration/accounts';
import { api } from '../integration/helpers';
import { axeViolations } from './axe';
import { openSignedIn, screenshot, sharedPageHooks } from './support';

/*
 * A paid verification request in the browser on one machine: the organisation's public verifier
 * page offers the form with its fee, the employer pays with 4242… in the "local test payments" form
 * (the organisation's own account at the local Stripe stand-in), and the request appears in the
 * organisation's dashboard table.
 */
let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;
const slug = () => admin.session.organization_verify_uri.split('/').pop()!;

beforeAll(async () => {
  admin = await registeredAdmin();
  const name = `org${randomBytes(8).toString('hex')}`;
  const saved = await api('POST', '/api/profile', {
    token: admin.token,
    body: {
      key: 'stripeinformation',
      publickey: `pk_test_${name}`,
      secretkey: `sk_test_${name}`,
      verificationfee: '25',
      verificationcurrency: 'usd',
    },
  });
  expect(saved.status).toBe(200);
  page = await openSignedIn(admin.session);
}, 120_000);
sharedPageHooks('paid-verification-request', () => page);

describe('the public verifier page', () => {
  it('is axe-clean with the request form at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/verify/${slug()}`);
      await page.getByRole('button', { name: /Continue to payment \(\$25\)/ }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it('takes a request paid with 4242…, and the organisation sees it in its dashboard table', async () => {
    await page.goto(`/verify/${slug()}`);
    const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
    await fill('Your name', 'Ada Employer');
    await fill('Your organisation', 'Analytical Engines Ltd');
    await fill('Your designation', 'Head of Hiring');
    await fill('Your email', 'ada.employer@example.com');
    await fill('Your contact number', '+44 20 7946 0958');
    await fill("Candidate's full name", 'Grace Hopper');
    await fill('Enrolment number', 'ENR-2024-0042');
    await fill('Competency name', 'Bachelor of Science');
    await screenshot(page, 'verifier-paid-request-form');
    await page.getByRole('button', { name: /Continue to payment/ }).click();
    await page.getByLabel('Card number (local test payments)').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Request sent').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verification-request-paid').innerText()).toMatch(/Transaction: pi_/);

    await page.goto('/Dashboard');
    const row = page.getByTestId('paid-request').first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('Ada Employer (Head of Hiring, Analytical Engines Ltd)');
    expect(await row.innerText()).toContain('paid $25');
  }, 120_000);
});
