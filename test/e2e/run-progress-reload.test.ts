import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registeredAdmin } from '../integration/accounts';
import { api } from '../integration/helpers';
import { storeOf } from '../integration/store-fixtures';
import { addStudents, toPkReceived } from '../integration/workspace-fixtures';
import { openSignedIn, responseTo, sharedPageHooks } from './support';

/**
 * The progress of long work comes from the server: a page reloaded while a generate run works
 * shows its card again and follows it to the end, and a failed run's card (with its errors) stays
 * until it is dismissed — across reloads.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Reload-2026';
const ids = ['RL1', 'RL2', 'RL3'];
const row = (id: string) => page.locator(`tr[data-row-key="${cohort}=${id}"]`);
const inProgress = () => page.getByRole('tabpanel', { name: /In-Progress/ });
const listedRuns = () => responseTo(page, '/api/workspace/runs');

beforeAll(async () => {
  admin = await registeredAdmin();
  await addStudents(
    admin,
    cohort,
    ids.map((id) => ({ id })),
  );
  await toPkReceived(
    admin,
    ids.map((id) => `${cohort}=${id}`),
  );
  page = await openSignedIn(admin.session, { path: '/ManageCertificate', heading: 'Manage Certificate' });
}, 180_000);

sharedPageHooks('run-progress-reload', () => page);

describe('progress of long work survives a reload', () => {
  it('shows a generate run again after a reload and follows it until done', async () => {
    for (const id of ids) await row(id).getByRole('checkbox').check();
    const started = responseTo(page, '/api/workspace/generate');
    await inProgress().getByRole('button', { name: 'Generate Certificate' }).click();
    const run = (await (await started).json()) as { Data: { id: string } };
    await page.getByTestId('run-generate').waitFor();

    await page.reload();
    // The server lists it (asked directly: a response caught around a reload may belong to the old page).
    const listed = await api<{ runs: { id: string }[] }>('GET', '/api/workspace/runs', {
      token: admin.token,
    });
    expect(listed.body.Data!.runs.map((r) => r.id)).toContain(run.Data.id);
    const progress = page.getByTestId('run-generate');
    await progress.waitFor();
    expect(await progress.innerText()).toContain('Generating certificates');
    await progress.locator('.ant-progress-status-success').waitFor({ timeout: 150_000 });
    expect(await progress.innerText()).toContain(`${ids.length} of ${ids.length}`);
    for (const id of ids) await row(id).getByText('generated', { exact: true }).waitFor({ timeout: 30_000 });

    // Dismissed, it stays closed on the next visit.
    await progress.getByRole('button', { name: /close/i }).click();
    await progress.waitFor({ state: 'detached' });
    const again = listedRuns();
    await page.reload();
    await again;
    await page.getByRole('heading', { name: 'Manage Certificate' }).waitFor();
    await row(ids[0]!).waitFor();
    // What is absent is checked once the listed runs had time to be rendered.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('run-generate').count()).toBe(0);
  }, 240_000);

  it("shows a failed run's errors after a reload until it is dismissed", async () => {
    const id = randomUUID();
    const now = new Date().toISOString();
    // A send that failed in a job: its errors are what the user must see, whenever they come back.
    const { runs } = await storeOf();
    await runs()
      .put({
        orgId: admin.orgId,
        id,
        kind: 'send',
        state: 'failed',
        total: 2,
        done: 0,
        failed: 2,
        errors: ['RL1: the mail server refused the address', 'RL2: the mail server refused the address'],
        message: 'The work stopped with errors.',
        createdAt: now,
        updatedAt: now,
      })
      .go();
    // A generate run whose browser was missing, as its job's last delivery leaves it
    // (test/integration/generate-no-browser.test.ts): the card says why, not "Generating…".
    const missing =
      'RL3: could not render the certificate (Browser was not found at the configured executablePath (/opt/no-chromium))';
    await runs()
      .put({
        orgId: admin.orgId,
        id: randomUUID(),
        kind: 'generate',
        state: 'failed',
        total: 1,
        done: 0,
        failed: 1,
        errors: [missing],
        message: missing,
        createdAt: now,
        updatedAt: now,
      })
      .go();
    await page.reload();
    const generate = page.getByTestId('run-generate');
    await generate.getByText(missing).first().waitFor();
    expect(await generate.innerText()).not.toContain('this may take several minutes');
    await generate.getByRole('button', { name: /close/i }).click();
    const card = page.getByTestId('run-send');
    await card.getByText('RL1: the mail server refused the address').waitFor();
    await card.getByText('RL2: the mail server refused the address').waitFor();
    expect(await card.innerText()).toContain('The work stopped with errors.');

    await page.reload();
    await card.waitFor();
    await card.getByRole('button', { name: /close/i }).click();
    await card.waitFor({ state: 'detached' });
    const listed = listedRuns();
    await page.reload();
    const answer = (await (await listed).json()) as { Data: { runs: { id: string }[] } };
    // Still on the server, no longer shown.
    expect(answer.Data.runs.map((r) => r.id)).toContain(id);
    await row(ids[0]!).waitFor();
    await page.waitForTimeout(500);
    expect(await card.count()).toBe(0);
  }, 120_000);
});
