import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { BatchView } from '@proofmark/shared/contract/batches';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { certificateTypes } from '@proofmark/shared/certificate-types';
import { decodeProofValue, encodeProofValue } from '@proofmark/shared/blockcerts/index';
import { api, clients, cloud, eventually } from '../integration/helpers';
import { registeredAdmin } from '../integration/accounts';
import {
  addStudents,
  finishedRun,
  issuedCertificates,
  publishedBatch,
  type IssuedCertificates,
} from '../integration/workspace-fixtures';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { freshPage } from './support';

/**
 * The public verifier app (web/verifier, served at /verify) in a real browser against the local
 * cloud: certificates issued through the workspace, then checked by their verifier link, by
 * upload, by link, pasted and by ?url=, as a visitor without a login would.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
type Credential = Record<string, unknown> & {
  id: string;
  issuer: string;
  credentialSubject: { name: string };
};

let browser: Browser;
let page: Page;
let admin: Admin;
let slug: string;
let batch: BatchView;
let issued: IssuedCertificates;
/** Marie Curie, Alan Turing, Emmy Noether. */
let credentials: Credential[];
const students = [
  { id: 'V1', first: 'Marie', last: 'Curie' },
  { id: 'V2', first: 'Alan', last: 'Turing' },
  { id: 'V3', first: 'Emmy', last: 'Noether' },
];
const labelOf = (certtype: string) => certificateTypes.find((t) => t.value === certtype)!.label;

/** Hold or revoke a row in the workspace, then wait until the changed status list is published. */
const changeStatus = async (action: 'hold' | 'revoke', studentid: string) => {
  const res = await api<{ batchId: string }>('POST', `/api/workspace/${action}`, {
    token: admin.token,
    body: {
      certtype: 'degree',
      selectedItems: [`${issued.cohort}=${studentid}`],
      ...(action === 'revoke'
        ? { email: admin.email, password: admin.password, revokereason: 'Issued in error' }
        : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await publishedBatch(admin, res.body.Data!.batchId);
};

const uuidOf = (c: Credential) => c.id.replace(/^urn:uuid:/, '');

/** Waits for the page's verdict and returns it. */
const verdictOn = async (p: Page) => {
  const verdict = p.getByTestId('verdict');
  await verdict.waitFor({ timeout: 45_000 });
  return verdict.getAttribute('data-verdict');
};

const stepStatuses = (p: Page) =>
  p
    .locator('[data-step]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-step'), e.getAttribute('data-step-status')]));

const verificationRows = async () =>
  (
    await clients().dynamo.send(
      new QueryCommand({
        TableName: cloud().resources.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'VERIFY#' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  admin = await registeredAdmin();
  slug = admin.session.organization_verify_uri.split('/').pop()!;
  issued = await issuedCertificates(admin, students);
  batch = issued.batch;
  const byName = (name: string) =>
    issued.credentials.find((c) => (c as Credential).credentialSubject.name === name) as Credential;
  credentials = ['Marie Curie', 'Alan Turing', 'Emmy Noether'].map(byName);
  browser = await launchChromium();
}, 400_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail' && page) {
    const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await page
      .screenshot({ path: `/tmp/failed-verifier-${name}.png`, fullPage: true })
      .catch(() => undefined);
  }
  await page?.context().close();
});

afterAll(async () => {
  await browser?.close();
});

const open = async (path: string) => {
  await page?.context().close();
  ({ page } = await freshPage(browser));
  await page.goto(path);
  return page;
};

describe('the public verifier page', () => {
  it("verifies a certificate from its verifier link, on the organisation's page, with every step", async () => {
    const [marie] = credentials;
    const p = await open(`/verify/${slug}?id=${uuidOf(marie!)}`);
    expect(await verdictOn(p)).toBe('verified');
    await expect.poll(() => p.getByTestId('verdict').innerText()).toMatch(/Verified/);
    // Not support's screenshot(): it waits for network idle, and the page's keepalive record of the
    // verification (sent after the verdict) can stay pending in Chromium's accounting.
    await p.screenshot({ path: '/tmp/verifier-verified.png', fullPage: true });
    expect(await stepStatuses(p)).toEqual(
      [
        'format',
        'localHash',
        'merklePath',
        'anchor',
        'issuerKey',
        'revocation',
        'suspension',
        'validity',
      ].map((s) => [s, 'passed']),
    );
    expect(await p.getByTestId('issuer-name').innerText()).toBe('Analytical College');
    expect(await p.getByTestId('anchor-tx').innerText()).toContain(batch.txId);
    const body = await p.locator('body').innerText();
    expect(body).toContain('Marie Curie');
    expect(body).toContain(labelOf('degree'));
    expect(body).toContain('Ethereum');
    expect(body).toContain('sepolia');
    // The organisation's page names it, and needs no login.
    expect(body).toContain('Certificates issued by Analytical College');
    expect(await p.evaluate(() => localStorage.length)).toBe(0);
  });

  it('shows a held certificate as suspended', async () => {
    const alan = credentials[1]!;
    await changeStatus('hold', 'V2');
    const p = await open(`/verify/${slug}?id=${uuidOf(alan)}`);
    expect(await verdictOn(p)).toBe('suspended');
    expect(await p.getByTestId('verdict').innerText()).toMatch(/Suspended/);
    expect(await stepStatuses(p)).toContainEqual(['suspension', 'failed']);
  });

  it('shows a revoked certificate as revoked', async () => {
    const emmy = credentials[2]!;
    await changeStatus('revoke', 'V3');
    const p = await open(`/verify/${slug}?id=${uuidOf(emmy)}`);
    expect(await verdictOn(p)).toBe('revoked');
    expect(await p.getByTestId('verdict').innerText()).toMatch(/Revoked/);
    expect(await stepStatuses(p)).toContainEqual(['revocation', 'failed']);
    // One sentence a registrar can read, with the issuer's reason said once on the whole page.
    expect(await p.getByTestId('verdict').innerText()).toContain(
      'The issuer has revoked this certificate. Reason: Issued in error.',
    );
    expect((await p.locator('body').innerText()).match(/Issued in error/g)).toHaveLength(1);
    for (const text of await p.locator('[data-step-status=skipped]').allInnerTexts())
      expect(text).toBe('Not checked — an earlier step failed');
    // The verdict with all its sections is WCAG 2.1 AA clean on a desktop and on a phone.
    expect(await axeViolations(p)).toEqual([]);
    await p.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('catches a changed certificate uploaded as a file', async () => {
    const tampered = structuredClone(credentials[0]!);
    tampered.credentialSubject.name = 'Marie Curry';
    const p = await open(`/verify/${slug}`);
    await p.locator('input[type=file]').setInputFiles({
      name: 'certificate.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(tampered)),
    });
    expect(await verdictOn(p)).toBe('tampered');
    expect(await p.getByTestId('verdict').innerText()).toMatch(/Tampered/);
    expect(await stepStatuses(p)).toContainEqual(['localHash', 'failed']);

    // The original file verifies.
    await p.locator('input[type=file]').setInputFiles({
      name: 'certificate.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(credentials[0])),
    });
    await expect
      .poll(() => p.getByTestId('verdict').getAttribute('data-verdict'), { timeout: 45_000 })
      .toBe('verified');
  });

  it('says clearly when a file is not a certificate', async () => {
    const p = await open('/verify');
    await p.locator('input[type=file]').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('this is not json'),
    });
    await expect.poll(() => p.getByRole('alert').innerText()).toMatch(/not a certificate/);
  });

  it('verifies a certificate by its link on the generic page', async () => {
    const p = await open('/verify');
    await p.getByRole('heading', { name: 'Verify a certificate' }).waitFor();
    const body = await p.locator('body').innerText();
    expect(body).not.toContain('Certificates issued by');
    await p.getByRole('tab', { name: 'From a link' }).click();
    await p.getByLabel('Certificate link').fill(batch.credentials[0]!.url);
    await p.getByRole('button', { name: 'Verify' }).click();
    expect(await verdictOn(p)).toBe('verified');
    expect(await p.getByTestId('issuer-name').innerText()).toBe('Analytical College');
  });

  it('verifies a certificate from any address given as ?url=, with nothing to click', async () => {
    const p = await open(`/verify?url=${encodeURIComponent(batch.credentials[0]!.url)}`);
    expect(await verdictOn(p)).toBe('verified');
    expect(await p.getByTestId('issuer-name').innerText()).toBe('Analytical College');
    expect(await p.getByLabel('Certificate link').inputValue()).toBe(batch.credentials[0]!.url);
  });

  it("shows an unknown organisation's page as the generic verifier, which still verifies a pasted certificate", async () => {
    const p = await open('/verify/no-such-college');
    await p.getByRole('heading', { name: 'Verify a certificate' }).waitFor();
    // Give the profile lookup time to answer 404 before reading the page.
    await p.waitForLoadState('networkidle');
    const body = await p.locator('body').innerText();
    expect(body).toContain('Check that a blockchain certificate is authentic and still valid.');
    expect(body).not.toMatch(/no-such-college|not exist|unknown organisation|not found/i);
    expect(await axeViolations(p)).toEqual([]);
    await p.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(p)).toEqual([]);

    await p.getByRole('tab', { name: 'Paste the certificate' }).click();
    await p.getByLabel('Certificate JSON').fill(JSON.stringify(credentials[0]));
    await p.getByRole('button', { name: 'Verify' }).click();
    expect(await verdictOn(p)).toBe('verified');
    expect(await p.getByTestId('issuer-name').innerText()).toBe('Analytical College');
  });

  it('says "could not check" when the anchoring network cannot be read', async () => {
    // The same certificate claiming a network this deployment does not relay (the anchor is not hashed).
    const elsewhere = structuredClone(credentials[0]!) as Credential & { proof: { proofValue: string } };
    const value = decodeProofValue(elsewhere.proof.proofValue);
    elsewhere.proof.proofValue = encodeProofValue({ ...value, anchors: [`blink:eth:mainnet:${batch.txId}`] });
    const p = await open('/verify');
    await p.locator('input[type=file]').setInputFiles({
      name: 'certificate.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(elsewhere)),
    });
    expect(await verdictOn(p)).toBe('could-not-check');
    expect(await p.getByTestId('verdict').innerText()).toMatch(/Could not check/);
    expect(await stepStatuses(p)).toContainEqual(['anchor', 'failed']);
  });

  it('verifies an Open Badge baked into a PNG', async () => {
    await addStudents(admin, 'OB-V', [{ id: 'B1', first: 'Ada', last: 'Lovelace' }], cloud(), 'openbadges');
    const res = await api<RunView>('POST', '/api/workspace/bake', {
      token: admin.token,
      body: { certtype: 'openbadges', selectedItems: ['OB-V=B1'], requestId: randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const run = await finishedRun(admin, res.body.Data!.id);
    const badge = (await publishedBatch(admin, run.batchId!)).credentials[0]!;
    const png = Buffer.from(await (await fetch(badge.bakedPng!)).arrayBuffer());
    const p = await open(`/verify/${slug}`);
    await p
      .locator('input[type=file]')
      .setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: png });
    expect(await verdictOn(p)).toBe('verified');
    expect(await p.locator('body').innerText()).toContain(labelOf('openbadges'));
  }, 240_000);

  it('refuses a verifier link whose id is not a certificate id', async () => {
    const p = await open(`/verify/${slug}?id=not-a-uuid`);
    await expect.poll(() => p.getByRole('alert').innerText()).toMatch(/link is not valid/);
    const missing = await open(`/verify/${slug}?id=00000000-0000-4000-8000-000000000000`);
    await expect.poll(() => missing.getByRole('alert').innerText()).toMatch(/not found/);
  });

  it('recorded each verification for the dashboard', async () => {
    const rows = await eventually(async () => {
      const r = await verificationRows();
      return r.length >= 6 ? r : undefined;
    }).catch(async (e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(await verificationRows())}`);
    });
    const seen = rows.map((r) => `${String(r.method)}:${String(r.verdict)}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'upload:could-not-check',
        'id:verified',
        'id:suspended',
        'id:revoked',
        'upload:tampered',
        'upload:verified',
        'url:verified',
      ]),
    );
    expect(rows.find((r) => r.method === 'id' && r.verdict === 'verified')).toMatchObject({
      recipientName: 'Marie Curie',
      certificateName: labelOf('degree'),
      transactionId: batch.txId,
    });
  });
});
