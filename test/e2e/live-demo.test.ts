import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Wallet } from 'ethers';
import { demoFinalTexts, demoMessages as m } from '@proofmark/shared/demo/messages';
import { mailFor, uniqueEmail } from './cloudApi';
import { launchChromium } from './browser';
import { appUrl, pathnameIs, screenshot, sharedPageHooks } from './support';

/**
 * The live demo (certificate-operations §2.7) in a browser, as a visitor without an account goes
 * through it: the Blockcerts Wallet's introduction is done by the test, as the wallet would, and
 * the issued certificate is checked on the verifier page. Then the demo request (/RegisterDemo).
 */

let page: Page;
const email = uniqueEmail('visitor');

const alert = () => page.getByTestId('demo-alert');
const alertSays = async (text: string) => {
  await alert().filter({ hasText: text }).waitFor();
};
const button = (name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (n: number) => page.getByRole('heading', { name: new RegExp(`^Step ${n}:`) });

beforeAll(async () => {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

sharedPageHooks('live-demo', () => page);

describe('the six-step live demo', () => {
  it('opens from the demo entry page; step 1 marks each empty field red and adds the visitor', async () => {
    await page.goto('/HomeProofmarkDemo');
    // Its name also carries the icon's label.
    await page.getByRole('button', { name: 'Try Proofmark Today' }).click();
    await page.waitForURL(pathnameIs('/ProofmarkDemo'));
    await stepHeading(1).waitFor();

    await page.getByLabel('First name').fill('Grace');
    await button('Next').click();
    await alertSays(m.fillAllFields);
    for (const label of ['Last name', 'Email'])
      expect(await page.getByLabel(label).getAttribute('class'), label).toContain('ant-input-status-error');
    expect(await page.getByLabel('First name').getAttribute('class')).not.toContain('ant-input-status-error');

    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await button('Next').click();
    await alertSays(m.recipientAdded);
    await stepHeading(2).waitFor();
  });

  it('step 2 previews the introduction mail and sends it; the answer scrolls to the top', async () => {
    const preview = page.frameLocator('iframe[title="Introduction email preview"]');
    await preview
      .getByText(/Blockcerts/)
      .first()
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await button('Send').click();
    await alertSays(m.invitationSent);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The alert can be dismissed.
    await alert().getByRole('button', { name: /close/i }).click();
    await alert().waitFor({ state: 'detached' });
    await button('Next').click();
    await stepHeading(3).waitFor();
  });

  it('step 3 waits for the wallet: Next is refused, then the key arrives when the wallet introduces itself', async () => {
    await page.getByText(m.followYourEmail).waitFor();
    await button('Next').click();
    await alertSays(m.waitForPublicKey);

    const mail = await mailFor(email, /wants to issue you a digital credentials/);
    const link = /https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(
      mail.body.html ?? '',
    );
    expect(link, 'the introduction mail carries the wallet link').not.toBeNull();
    const address = Wallet.createRandom().address;
    // What the Blockcerts Wallet does with that link.
    const posted = await fetch(decodeURIComponent(link![1]!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bitcoinAddress: address, nonce: decodeURIComponent(link![2]!) }),
    });
    expect(posted.status).toBe(200);
    await page.getByTestId('demo-public-key').getByText(address).waitFor({ timeout: 20_000 });
    await button('Next').click();
    await stepHeading(4).waitFor();
  });

  it('step 4 shows the unsigned certificate, issues it for real, and the verifier page says verified', async () => {
    const certificate = page.frameLocator('iframe[title="Certificate preview"]');
    await certificate.getByText('Grace Hopper').waitFor();
    for (const role of ['President', 'Chairman']) await certificate.getByText(role).waitFor();
    await button('Next').click();
    await alertSays(m.issueFirst);

    await button('Issue').click();
    await page.getByTestId('signed-certificate').waitFor({ timeout: 150_000 });
    const signed = (await page.getByTestId('signed-certificate').getAttribute('href'))!;
    const json = (await (await fetch(signed)).json()) as { id: string; proof: unknown };
    expect(json.id).toMatch(/^urn:uuid:/);
    expect(json.proof).toBeTruthy();

    const verify = (await page.getByTestId('demo-verify').getAttribute('href'))!;
    const verifier = await page.context().newPage();
    await verifier.goto(verify);
    const verdict = verifier.getByTestId('verdict');
    await verdict.waitFor({ timeout: 60_000 });
    expect(await verdict.getAttribute('data-verdict')).toBe('verified');
    await verifier.close();

    await button('Next').click();
    await stepHeading(5).waitFor();
  }, 200_000);

  it('step 5 previews the certificate mail (full name, link and QR code), Next only after Send', async () => {
    const preview = page.frameLocator('iframe[title="Certificate email preview"]');
    await preview.getByText('Dear Grace Hopper,').waitFor();
    await preview.getByRole('img', { name: 'QR code of the wallet import link' }).waitFor();
    await button('Next').click();
    await alertSays(m.sendMailFirst);
    await button('Send').click();
    await alertSays(m.certificateMailSent);
    const mail = await mailFor(email, /Your certificate from/);
    expect(mail.body.html).toContain('https://wallet.blockcerts.org/#/import-certificate/');
    await button('Next').click();
    await stepHeading(6).waitFor();
  });

  it('step 6 says the final words and leads to the demo request and the free trial', async () => {
    for (const text of demoFinalTexts) await page.getByText(text, { exact: true }).waitFor();
    await button('Start Free Trail (20 certificates Free)').waitFor();
    await screenshot(page, 'live-demo');
    await button('Request a Live Demo').click();
    await page.waitForURL(pathnameIs('/RegisterDemo'));
  });

  it('refuses a second demo certificate for the same email the same day, saying why', async () => {
    await page.goto('/ProofmarkDemo');
    await stepHeading(1).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await button('Next').click();
    await alertSays(m.recipientAdded);
    await stepHeading(2).waitFor();
    // The new demo's wallet link, as its introduction mail carries it.
    const href = await page
      .frameLocator('iframe[title="Introduction email preview"]')
      .getByRole('link', { name: 'click this link' })
      .getAttribute('href');
    const link = /introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(href ?? '');
    expect(link, 'the preview carries the wallet link').not.toBeNull();
    await button('Send').click();
    await alertSays(m.invitationSent);
    await button('Next').click();
    await stepHeading(3).waitFor();
    const address = Wallet.createRandom().address;
    const posted = await fetch(decodeURIComponent(link![1]!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bitcoinAddress: address, nonce: decodeURIComponent(link![2]!) }),
    });
    expect(posted.status).toBe(200);
    await page.getByTestId('demo-public-key').getByText(address).waitFor({ timeout: 20_000 });
    await button('Next').click();
    await stepHeading(4).waitFor();
    await button('Issue').click();
    await alertSays(m.onePerDay);
    expect(await page.getByTestId('signed-certificate').count()).toBe(0);
  }, 120_000);
});

describe('the demo request (/RegisterDemo)', () => {
  it('focuses the first empty required field and sends nothing, then stores and mails a complete request', async () => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/demo/requests') sent.push(r.method());
    });
    await page.goto('/RegisterDemo');
    const form = page.getByRole('form', { name: 'Schedule a demo' });
    await form.waitFor();
    const submit = form.getByRole('button', { name: 'SUBMIT' });
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');

    await submit.click();
    await expect.poll(focused).toBe('firstName');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@');
    await page.getByLabel('Phone number').fill('+44 20 7946 0958');
    await page.getByLabel('Organization name').fill('Analytical College');
    await submit.click();
    // The malformed email comes first, then the empty role.
    await expect.poll(focused).toBe('emailAddress');
    const requester = uniqueEmail('requester');
    await page.getByLabel('Email').fill(requester);
    await submit.click();
    await expect.poll(focused).toBe('role');
    expect(sent).toEqual([]);

    await page.getByLabel('Role').fill('Registrar');
    await submit.click();
    await page.getByText('Thank you!', { exact: true }).waitFor();
    expect(sent).toEqual(['POST']);
    const team = await mailFor('team@proofmark.local', /Demo request: Analytical College/);
    expect(team.body.text).toContain(`Email: ${requester}`);
    await mailFor(requester, /We received your Proofmark demo request/);
    await screenshot(page, 'register-demo');
  });
});
