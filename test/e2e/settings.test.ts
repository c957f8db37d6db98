import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { registeredAdmin } from '../integration/accounts';
import { openSignedIn, sharedPageHooks } from './support';

let page: Page;

beforeAll(async () => {
  const admin = await registeredAdmin();
  page = await openSignedIn(admin.session, { viewport: { width: 1366, height: 900 } });
});

sharedPageHooks('settings', () => page);

/** A tiny PNG (a 4×4 blue square) built byte by byte: signature, IHDR, IDAT, IEND. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const size = 4;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [59, 108, 246]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const block = (name: string): Locator => page.getByRole('region', { name, exact: true });

async function openSettings(): Promise<void> {
  await page.goto('/MyProfile?tab=settings');
  await block('Blockchain').waitFor();
}

/** Saves a block and waits for the server's answer toast. */
async function save(scope: Locator): Promise<void> {
  await scope.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.ant-message-notice').filter({ hasText: m.saved }).last().waitFor();
}

const pictures = async (name: string) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
};

describe('Setting tab', () => {
  it('saves the blockchain choice and keeps it after a reload', async () => {
    await openSettings();
    const blockchain = block('Blockchain');
    expect(await blockchain.getByRole('radio', { name: 'Ethereum' }).isChecked()).toBe(true);
    await blockchain.getByText('Bitcoin', { exact: true }).click();
    await save(blockchain);

    await page.reload();
    await block('Blockchain').waitFor();
    expect(await block('Blockchain').getByRole('radio', { name: 'Bitcoin' }).isChecked()).toBe(true);
    await pictures('settings-tab');
    await page.screenshot({ path: '/tmp/settings-tab-top.png' });
  });

  it('turns validation before issuing on and keeps it after a reload', async () => {
    await openSettings();
    const title = 'Validate certificates before issuing';
    const validate = block(title);
    expect(await validate.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await validate.getByText('On', { exact: true }).click();
    await save(validate);

    await page.reload();
    await block(title).waitFor();
    expect(await block(title).getByRole('radio', { name: 'On' }).isChecked()).toBe(true);
  });

  it('lists transaction receipts (none yet for a new organisation)', async () => {
    await openSettings();
    await block('Transaction receipts').getByText('No transactions yet.').waitFor();
  });

  it('shows the FTP block for FTP storage and asks for the account when the host is empty', async () => {
    await openSettings();
    const storage = block('Storage');
    await storage.getByText('FTP', { exact: true }).click();
    await storage.getByLabel('FTP host').waitFor();
    await storage.getByLabel('FTP user').fill('certificates');
    await storage.getByRole('button', { name: 'Save', exact: true }).click();
    await storage.getByText(m.ftpAccountRequired).waitFor();
    await storage.screenshot({ path: '/tmp/settings-ftp.png' });
    // Nothing was sent: the storage in use is still Proofmark's bucket.
    expect(await storage.getByText('In use: S3 bucket (Proofmark)').count()).toBe(1);
  });

  it('stores mail secrets write-only: configured with a hint after a reload, never the value', async () => {
    const password = `smtp-pass-${Date.now()}`;
    const clientSecret = `oauth-secret-${Date.now()}-WXYZ`;

    await openSettings();
    let mail = block('Mail settings');
    await mail.getByText('SMTP (user name and password)', { exact: true }).click();
    await mail.getByLabel('SMTP host').fill('smtp.example.test');
    await mail.getByLabel('Port').fill('587');
    await mail.getByLabel('User name', { exact: true }).fill('mailer@example.test');
    await mail.getByLabel('SMTP password').fill(password);
    expect(await mail.getByLabel('SMTP password').getAttribute('placeholder')).toBe('Not set yet');
    await save(mail);

    await page.reload();
    mail = block('Mail settings');
    await mail.getByLabel('SMTP password').waitFor();
    // Passwords are stored without a hint (shared/src/settings/rules.ts secretHasHint).
    expect(await mail.getByText('Configured', { exact: true }).count()).toBe(1);
    expect(await mail.getByLabel('SMTP password').inputValue()).toBe('');
    expect(await mail.getByLabel('SMTP password').getAttribute('placeholder')).toBe(
      'Leave empty to keep the stored one',
    );
    expect(await mail.getByLabel('SMTP host').inputValue()).toBe('smtp.example.test');

    // Gmail OAuth: a blank block is not saved (it could not send) and the answer says what is missing;
    // the block in use stays the SMTP one.
    await mail.getByText('Gmail OAuth', { exact: true }).click();
    await mail.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(m.oauthSaveIncomplete).first().waitFor();
    await mail.getByText(/^Saved: SMTP \(user name and password\)\./).waitFor();
    // Saved but not tested: mail still leaves from Proofmark's sender, and the block says so.
    await mail.getByText("In use: Proofmark's sender").waitFor();
    // A fresh page for the full block: in whole-suite runs the Save button was seen still loading
    // after the refusal (not reproduced alone; see the closing note of session 3).
    await page.reload();
    mail = block('Mail settings');
    await mail.getByText('Gmail OAuth', { exact: true }).click();
    // Its client secret is a key, shown by its last four characters.
    await mail.getByLabel('Gmail user name').fill('mailer@gmail.example');
    await mail.getByLabel('Client ID').fill('client-123.apps.example');
    await mail.getByLabel('Client secret').fill(clientSecret);
    await mail.getByLabel('Refresh token').fill(`refresh-${Date.now()}`);
    await save(mail);

    await page.reload();
    mail = block('Mail settings');
    await mail.getByText(/^Saved: Gmail OAuth\./).waitFor();
    await mail.getByText('Configured (…WXYZ)', { exact: true }).waitFor();
    await mail.screenshot({ path: '/tmp/settings-mail.png' });
    const html = await page.content();
    expect(html).not.toContain(password);
    expect(html).not.toContain(clientSecret);
  });

  it('uploads a logo and shows its preview', async () => {
    await openSettings();
    const logo = block('Logo');
    await logo
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: smallPng() });
    await page.locator('.ant-message-notice').filter({ hasText: m.logoUploaded }).waitFor();
    const preview = logo.getByRole('img', { name: 'Logo preview' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);

    // After a reload the preview comes from the stored image.
    await page.reload();
    const stored = block('Logo').getByRole('img', { name: 'Logo preview' });
    await stored.waitFor();
    expect(await stored.getAttribute('src')).not.toMatch(/^data:/);
    // The frame shows the organisation's logo too.
    const framed = page.getByLabel('Your organisation').locator('img');
    await framed.waitFor();
    await expect.poll(() => framed.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
  });
});

describe('Generate key pair tab', () => {
  it('asks for a blockchain, then generates an Ethereum key pair with its address and QR code', async () => {
    await page.goto('/MyProfile?tab=keypair');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Please select blockchain type').waitFor();

    await page.getByText('Ethereum', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    const address = page.getByTestId('public-address');
    await address.waitFor();
    expect((await address.innerText()).trim()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByTestId('keypair-qr').locator('svg').waitFor();
    // The key list is read again once the key is made: its row may follow the address by a moment.
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await pictures('keypair-tab');

    // Print shows the address and its QR code only.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('tab', { name: 'Setting' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await address.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/keypair-print.png' });
    await page.emulateMedia({ media: 'screen' });
  });
});
