import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registeredAdmin } from '../integration/accounts';
import { api } from '../integration/helpers';
import { addStudents, toPkReceived } from '../integration/workspace-fixtures';
import { realPdf, realPng } from '../support/real-files';
import { axeViolations } from './axe';
import { openSignedIn, responseTo, sharedPageHooks } from './support';

/**
 * The Recipient Information modal of the approval screen (§2.6) embeds the document uploaded for
 * the recipient: their PDF in a frame (the very bytes uploaded, served as application/pdf), else
 * their photo.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Approval-Docs';
const row = (id: string) => page.locator(`tr[data-row-key="${cohort}=${id}"]`);
let pdf: Buffer;
const png = realPng(6, 6, 3);

/** Uploads one file for a recipient of the cohort (named by its student id), as the upload panel does. */
async function uploadFor(filename: string, bytes: Buffer, purpose: 'students' | 'photo'): Promise<void> {
  const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose, filename, size: bytes.length, cohortid: cohort, certtype: 'degree' },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  expect((await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(
    200,
  );
  const imported = await api('POST', `/api/uploads/${ticket.body.Data!.id}/import`, { token: admin.token });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
}

/** What the page's blob: URL serves: its content type and bytes, read inside the page. */
const served = (src: string) =>
  page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { type: blob.type, base64: btoa(binary) };
  }, src);

beforeAll(async () => {
  admin = await registeredAdmin();
  pdf = await realPdf('Transcript of Ada Lovelace');
  await addStudents(admin, cohort, [
    { id: 'D1', first: 'Ada', last: 'Lovelace' },
    { id: 'D2', first: 'Emmy', last: 'Noether' },
  ]);
  await uploadFor('D1.pdf', pdf, 'students');
  await uploadFor('D2.png', png, 'photo');
  // 'PK received' rows are listed on the approval screen (code 5).
  await toPkReceived(admin, [`${cohort}=D1`, `${cohort}=D2`]);
  page = await openSignedIn(admin.session, { path: '/Verification', heading: 'Verification' });
}, 180_000);

sharedPageHooks('approval-document', () => page);

describe('the Recipient Information modal', () => {
  it("embeds the recipient's uploaded PDF: the same bytes, served as application/pdf", async () => {
    const asked = responseTo(page, '/api/recipients/document');
    await row('D1').getByRole('button', { name: 'View Ada Lovelace' }).click();
    const info = page.getByRole('dialog').filter({ hasText: 'Recipient Information' });
    await info.waitFor();

    const answer = (await (await asked).json()) as { Data: { kind: string; content: string; title: string } };
    expect([answer.Data.kind, answer.Data.title]).toEqual(['pdf', 'D1.pdf']);
    const [head, base64] = answer.Data.content.split(',', 2);
    expect(head).toBe('data:application/pdf;base64');
    expect(Buffer.from(base64!, 'base64').equals(pdf)).toBe(true);

    const frame = info.locator('iframe[title="Document of D1"]');
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(/^blob:/);
    const shown = await served(src);
    expect(shown.type).toBe('application/pdf');
    expect(Buffer.from(shown.base64, 'base64').equals(pdf)).toBe(true);
    expect((await axeViolations(page)).join('\n')).toBe('');

    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });
  });

  it('shows the photo of a recipient who has no PDF', async () => {
    await row('D2').getByRole('button', { name: 'View Emmy Noether' }).click();
    const info = page.getByRole('dialog').filter({ hasText: 'Recipient Information' });
    const photo = info.getByRole('img', { name: 'Photo of D2' });
    await photo.waitFor();
    const src = (await photo.getAttribute('src'))!;
    expect(src.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(src.split(',', 2)[1]!, 'base64').equals(png)).toBe(true);
    expect(await info.locator('iframe').count()).toBe(0);
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });
  });
});
