import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunList } from '@proofmark/shared/contract/workspace';
import { registeredAdmin } from '../integration/accounts';
import { api } from '../integration/helpers';
import { addStudents } from '../integration/workspace-fixtures';
import { axeViolations } from './axe';
import { openSignedIn, responseTo, sharedPageHooks } from './support';

/**
 * A large invitation send (two job chunks) is followed on Manage Students from the server: the
 * page reloaded while it is being sent shows its card again and follows it to the end, and the
 * recipient it could not invite stays on the card, with the reason, until the card is dismissed.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Invite-Reload';
const ids = Array.from({ length: 201 }, (_, i) => `V${String(i + 1).padStart(3, '0')}`);
const gone = 'V201';
const card = () => page.getByTestId('run-invite');
const listedRuns = () => responseTo(page, '/api/workspace/runs');

beforeAll(async () => {
  admin = await registeredAdmin();
  await addStudents(
    admin,
    cohort,
    ids.map((id) => ({ id })),
  );
  page = await openSignedIn(admin.session, { path: '/ManageStudents', heading: 'Manage Students' });
}, 180_000);

sharedPageHooks('invitation-progress-reload', () => page);

describe('invitation progress survives a reload', () => {
  it('shows the send again after a reload, follows it to the end and keeps its failure until dismissed', async () => {
    await page.getByLabel(`Select cohort ${cohort}`).check();
    const started = responseTo(page, '/api/invitations');
    await page.getByRole('button', { name: /Send invitation/ }).click();
    const answer = (await (await started).json()) as { Data: { queued: number; runId: string } };
    expect(answer.Data.queued).toBe(ids.length);
    await card().waitFor();
    expect(await card().innerText()).toContain('Sending invitations');
    // The running card passes the same accessibility rules as every route.
    expect((await axeViolations(page)).join('\n')).toBe('');

    // One recipient is deleted before the job reaches it (it is in the second chunk of 200 + 1).
    const removed = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: [`${cohort}=${gone}`], certtype: 'degree' },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    await page.reload();
    // The server lists it (asked directly: a response caught around a reload may belong to the old page).
    const listed = await api<RunList>('GET', '/api/workspace/runs', { token: admin.token });
    expect(listed.body.Data!.runs.find((r) => r.id === answer.Data.runId)).toMatchObject({
      kind: 'invite',
      total: ids.length,
    });
    await card().waitFor();
    expect(await card().innerText()).toContain('Sending invitations');
    await card()
      .getByText(`${ids.length - 1} of ${ids.length} invitations sent. 1 failed.`)
      .waitFor({ timeout: 240_000 });
    await card().getByText(`${gone}: no such recipient`).waitFor();
    // The rows the job invited show it once the list is read again.
    await page.locator(`tr[data-row-key="${cohort}=${ids[0]}"]`).getByText('Invite pending').waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');

    // A run with a failure stays until it is dismissed, across reloads.
    await page.reload();
    await card().getByText(`${gone}: no such recipient`).waitFor();
    await card().getByRole('button', { name: /close/i }).click();
    await card().waitFor({ state: 'detached' });
    const again = listedRuns();
    await page.reload();
    await again;
    await page.locator(`tr[data-row-key="${cohort}="]`).waitFor();
    // What is absent is checked once the listed runs had time to be rendered.
    await page.waitForTimeout(500);
    expect(await card().count()).toBe(0);
  }, 330_000);
});
