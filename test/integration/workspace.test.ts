import { beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mainAdminPermissions } from '@proofmark/shared/accounts/permissions';
import type { CertificateParentRow, CertificateRow, PreviewData, RunView, WorkspaceData } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin, teamUser } from './accounts';
import { addStudents, setOrgSetting, setRow, toPkReceived } from './workspace-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const C = 'WS-2024';
const item = (id: string, cohort = C) => `${cohort}=${id}`;

const workspace = (admin: Admin, query: Record<string, string | number> = {}) =>
  api<WorkspaceData>(
    'GET',
    `/api/workspace?${new URLSearchParams(Object.entries({ certtype: 'degree', ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { token: admin.token },
  );
const post = <T = unknown>(admin: { token: string }, path: string, body: unknown) =>
  api<T>('POST', `/api/workspace/${path}`, { token: admin.token, body });

const children = (rows: CertificateParentRow[]) => rows.flatMap((p) => p.children);
const rowsById = async (admin: Admin, query: Record<string, string | number> = {}) => {
  const data = (await workspace(admin, { pagesize: 250, ...query })).body.Data!;
  return new Map<string, CertificateRow>(
    [...children(data.mockData), ...children(data.mockData_Issued)].map((r) => [r.id, r]),
  );
};
const statuses = async (admin: Admin) =>
  Object.fromEntries([...(await rowsById(admin))].map(([id, r]) => [id, r.status]));

const runDone = (admin: Admin, id: string) =>
  eventually(
    async () => {
      const r = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data!;
      return r.state === 'done' || r.state === 'failed' ? r : undefined;
    },
    120_000,
    500,
  );

const object = async (orgId: string, uuid: string, ext: 'pdf') => {
  try {
    const out = await clients().s3.send(
      new GetObjectCommand({
        Bucket: cloud().resources.buckets.artefacts,
        Key: `${orgId}/generated/${uuid}.${ext}`,
      }),
    );
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
};
const uuidOf = (r: CertificateRow) => r.credentialId.replace(/^urn:uuid:/, '');

describe('issuance workspace: tabs, generate, preview, validate, review, reset', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
    await addStudents(
      admin,
      C,
      ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((id) => ({ id })),
    );
    await addStudents(
      admin,
      'WS-Big',
      Array.from({ length: 22 }, (_, i) => ({ id: `B${i + 1}` })),
    );
    await addStudents(admin, 'Iss', [{ id: 'I1' }, { id: 'I2' }]);
    await toPkReceived(
      admin,
      ['S1', 'S2', 'S3', 'S4'].map((s) => item(s)),
    );
    // The Hindi row: its name is legacy Kruti Dev text (field11 = krutidev010).
    await setRow(admin.orgId, C, 'S4', { fontflag: 'krutidev010', firstname: 'jke', lastname: 'dqekj' });
    // Two issued certificates (issuance is another module's): arranged directly.
    for (const [id, uuid] of [
      ['I1', '11111111-1111-4111-8111-111111111111'],
      ['I2', '22222222-2222-4222-8222-222222222222'],
    ] as const)
      await setRow(admin.orgId, 'Iss', id, { status: 'Certificate issued', certUuid: uuid, approval: 1 });
  }, 180_000);

  it('lists both tabs, each paged on its own, with cohort, status and search filters', async () => {
    const all = await workspace(admin, { pagesize: 20 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const d = all.body.Data!;
    expect(d.step).toBe('all');
    expect(d.cohortData).toMatchObject({ total: 28, page: 0, pageSize: 20, pages: 2 });
    expect(d.issuedData).toMatchObject({ total: 2, page: 0, pages: 1 });
    expect(children(d.mockData)).toHaveLength(20);
    expect(d.mockData[0]!.pagecount).toBe(28);
    expect(children(d.mockData_Issued).map((r) => r.id)).toEqual(['Iss=I1', 'Iss=I2']);

    const page2 = (await workspace(admin, { pagesize: 20, page: 1, pageIssued: 5 })).body.Data!;
    expect(children(page2.mockData)).toHaveLength(8);
    expect(page2.cohortData.page).toBe(1);
    // A page past the end shows the last one.
    expect(page2.issuedData.page).toBe(0);

    const issued = children(d.mockData_Issued)[0]!;
    expect(issued).toMatchObject({
      status: 'Certificate issued',
      credentialId: 'urn:uuid:11111111-1111-4111-8111-111111111111',
      approval: 1,
      is_validated: 0,
    });
    expect(issued.jsondownloadurl).toMatch(
      /\/credentials\/[^/]+\/11111111-1111-4111-8111-111111111111\.json$/,
    );
    expect(issued.pdfdownloadurl).toMatch(/11111111-1111-4111-8111-111111111111\.pdf$/);
    expect(issued.printpdfurl).toBe(`${issued.pdfdownloadurl}#print`);
    expect(issued.verifyurl).toMatch(/\/verify\/[^/?]+\?id=11111111-1111-4111-8111-111111111111$/);
    // In progress: no public links yet.
    const pending = children(d.mockData).find((r) => r.id === item('S1'))!;
    expect(pending).toMatchObject({ jsondownloadurl: '', verifyurl: '', credentialId: '', approval: 5 });

    const prefix = (await workspace(admin, { cohort: 'WS' })).body.Data!;
    expect(new Set(children(prefix.mockData).map((r) => r.cohortid))).toEqual(new Set([C, 'WS-Big']));
    expect(children(prefix.mockData_Issued)).toHaveLength(0);
    const exact = (await workspace(admin, { cohort: C })).body.Data!;
    expect(exact.cohortData.total).toBe(6);
    const pk = (await workspace(admin, { status: 'PK received' })).body.Data!;
    expect(children(pk.mockData).map((r) => r.studentid)).toEqual(['S1', 'S2', 'S3', 'S4']);
    const searched = (await workspace(admin, { search: 'firstb2' })).body.Data!;
    expect(
      children(searched.mockData)
        .map((r) => r.studentid)
        .sort(),
    ).toEqual(['B2', 'B20', 'B21', 'B22'].sort());
    const bad = await workspace(admin, { pagesize: 7 });
    expect(bad.status).toBe(400);
  });

  it('refuses a wrong selection for generate with the exact message, changing nothing', async () => {
    const before = await statuses(admin);
    const cases: [string[], string][] = [
      [[], m.noSelectedStudents],
      [[item('S5'), item('S6')], m.allInvitePending],
      [[item('S1'), item('S5')], m.someInvitePending],
      [['Iss=I1'], m.selectCorrectItems],
    ];
    for (const [selectedItems, message] of cases) {
      const res = await post(admin, 'generate', { selectedItems, certtype: 'degree' });
      expect(res.status, JSON.stringify(selectedItems)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // No blockchain chosen (a cleared setting): refused too.
    await setOrgSetting(admin.orgId, { blockchain: '' });
    const noChain = await post(admin, 'generate', { selectedItems: [item('S1')], certtype: 'degree' });
    expect(noChain.status).toBe(400);
    expect(noChain.body.message).toBe(m.selectBlockchain);
    await setOrgSetting(admin.orgId, { blockchain: 'ethereum' });
    expect(await statuses(admin)).toEqual(before);
  });

  let run: RunView;
  it('generates: a run to follow, a PDF per row, rows generated with a fixed certificate id', async () => {
    const res = await post<RunView>(admin, 'generate', {
      selectedItems: ['S1', 'S2', 'S3', 'S4'].map((s) => item(s)),
      certtype: 'degree',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(m.generating);
    expect(res.body.Data).toMatchObject({ kind: 'generate', total: 4, done: 0 });
    run = await runDone(admin, res.body.Data!.id);
    expect(run, JSON.stringify(run)).toMatchObject({
      state: 'done',
      total: 4,
      done: 4,
      failed: 0,
      errors: [],
    });

    const rows = await rowsById(admin);
    for (const s of ['S1', 'S2', 'S3', 'S4']) {
      const r = rows.get(item(s))!;
      expect(r.status).toBe('generated');
      expect(r.credentialId).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(r.is_validated).toBe(0);
      expect(r.approval).toBe(4);
      const pdf = await object(admin.orgId, uuidOf(r), 'pdf');
      expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(rows.get(item('S5'))!.status).toBe('Invite pending');
    expect(new Set([...rows.values()].map((r) => r.credentialId).filter(Boolean)).size).toBe(6);
  }, 180_000);

  it('previews the generated certificates as HTML, paged, and refuses when none is generated', async () => {
    const res = await post<PreviewData>(admin, 'preview', {
      selectedItems: [`${C}=`],
      certtype: 'degree',
      page: 0,
      pageSize: 2,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.Data!.total).toBe(4);
    expect(res.body.Data!.PreviewCert.map((p) => p.cohortmemberid)).toEqual([item('S1'), item('S2')]);
    const first = res.body.Data!.PreviewCert[0]!;
    expect(first.name).toBe('FirstS1 LastS1');
    expect(first.certitem).toMatch(/^<!doctype html>/);
    expect(first.certitem).toContain('FirstS1 LastS1');
    expect(first.certitem).toContain('Degree Certificate');

    const hindi = await post<PreviewData>(admin, 'preview', {
      selectedItems: [item('S4')],
      certtype: 'degree',
    });
    expect(hindi.body.Data!.PreviewCert[0]!.certitem).toContain('राम कुमार');

    const none = await post(admin, 'preview', { selectedItems: [item('S5')], certtype: 'degree' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(m.noGeneratedCertificates);
    const empty = await post(admin, 'preview', { selectedItems: [], certtype: 'degree' });
    expect(empty.body.message).toBe(m.noSelectedStudents);
  });

  it('validates one certificate or a cohort; a user without the validate flag is refused', async () => {
    const member = await teamUser(admin, { ...mainAdminPermissions(), isadmin: 0, validate: 0 });
    const refused = await post(member, 'validate', { cohortmemberid: item('S1'), certtype: 'degree' });
    expect(refused.status).toBe(403);
    expect((await rowsById(admin)).get(item('S1'))!.is_validated).toBe(0);

    const wrong = await post(admin, 'validate', { cohortmemberid: item('S5'), certtype: 'degree' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.noGeneratedCertificates);

    const one = await post<{ validated: number }>(admin, 'validate', {
      cohortmemberid: item('S1'),
      certtype: 'degree',
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.Data!.validated).toBe(1);
    let rows = await rowsById(admin);
    expect(rows.get(item('S1'))!.is_validated).toBe(1);
    expect(rows.get(item('S2'))!.is_validated).toBe(0);

    const cohort = await post<{ validated: number }>(admin, 'validate', { cohort: C, certtype: 'degree' });
    expect(cohort.body.Data!.validated).toBe(4);
    rows = await rowsById(admin);
    for (const s of ['S1', 'S2', 'S3', 'S4']) expect(rows.get(item(s))!.is_validated).toBe(1);
    expect(rows.get(item('S5'))!.is_validated).toBe(0);
  });

  it('sends for review only generated rows', async () => {
    const before = await statuses(admin);
    const wrong = await post(admin, 'review', {
      selectedItems: [item('S1'), item('S5')],
      certtype: 'degree',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.selectCorrectItems);
    const none = await post(admin, 'review', { selectedItems: [], certtype: 'degree' });
    expect(none.body.message).toBe(m.noSelectedStudents);
    expect(await statuses(admin)).toEqual(before);

    const ok = await post<{ updated: number }>(admin, 'review', {
      selectedItems: [item('S1')],
      certtype: 'degree',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(m.reviewSent);
    expect(ok.body.Data!.updated).toBe(1);
    expect((await rowsById(admin)).get(item('S1'))!.status).toBe('Sent for Review');
  });

  it('resets generated rows: back to PK received, rendering deleted, certificate id kept', async () => {
    const before = await statuses(admin);
    const wrong = await post(admin, 'reset', { selectedItems: [item('S2'), 'Iss=I1'], certtype: 'degree' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.selectCorrectItems);
    expect(await statuses(admin)).toEqual(before);

    const s2 = (await rowsById(admin)).get(item('S2'))!;
    const ok = await post<{ updated: number }>(admin, 'reset', {
      selectedItems: [item('S1'), item('S2')],
      certtype: 'degree',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(m.resetDone);
    expect(ok.body.Data!.updated).toBe(2);
    const rows = await rowsById(admin);
    for (const s of ['S1', 'S2']) {
      expect(rows.get(item(s))).toMatchObject({ status: 'PK received', is_validated: 0 });
    }
    expect(rows.get(item('S2'))!.credentialId).toBe(s2.credentialId);
    expect(await object(admin.orgId, uuidOf(s2), 'pdf')).toBeUndefined();

    // Generating again gives the same certificate id.
    const again = await post<RunView>(admin, 'generate', { selectedItems: [item('S2')], certtype: 'degree' });
    expect(again.status).toBe(202);
    expect(await runDone(admin, again.body.Data!.id)).toMatchObject({ state: 'done', done: 1 });
    const regenerated = (await rowsById(admin)).get(item('S2'))!;
    expect(regenerated).toMatchObject({ status: 'generated', credentialId: s2.credentialId });
    expect((await object(admin.orgId, uuidOf(s2), 'pdf'))?.subarray(0, 4).toString()).toBe('%PDF');
  }, 120_000);

  it('answers a run, and 404 for an unknown one', async () => {
    const res = await api<RunView>('GET', `/api/workspace/runs/${run.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ id: run.id, kind: 'generate', state: 'done' });
    const missing = await api('GET', '/api/workspace/runs/nope', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(m.noSuchRun);
  });
});

// The renderer runs on the Chromium that setup installs (.ci/run, README): a whole cohort of 50 goes
// through generate with every row done — on Debian's full chromium build this stalled at 7 of 50.
describe('generate for a cohort of 50', () => {
  it('renders every row: run done, 50 PDFs, 50 distinct certificate ids', async () => {
    const owner = await registeredAdmin();
    const ids = Array.from({ length: 50 }, (_, i) => `F${i + 1}`);
    await addStudents(
      owner,
      'Fifty',
      ids.map((id) => ({ id })),
    );
    await toPkReceived(owner, ['Fifty=']);
    const res = await post<RunView>(owner, 'generate', { selectedItems: ['Fifty='], certtype: 'degree' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await runDone(owner, res.body.Data!.id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done', total: 50, done: 50, failed: 0, errors: [] });

    const rows = [...(await rowsById(owner)).values()].filter((r) => r.id.startsWith('Fifty='));
    expect(rows).toHaveLength(50);
    for (const r of rows) expect(r.status, r.id).toBe('generated');
    expect(new Set(rows.map(uuidOf)).size).toBe(50);
    const files = await Promise.all(
      rows.map((r) => object(owner.orgId, uuidOf(r), 'pdf')),
    );
    expect(files.filter((f) => f && f.length > 0)).toHaveLength(50);
  }, 300_000);
});
