import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import jpeg from 'jpeg-js';
import { mainAdminPermissions } from '@proofmark/shared/accounts/permissions';
import type { DesignData, GalleryEntry, PreviewDesignData } from '@proofmark/shared/contract/designs';
import type { CertificateRow, RunView, WorkspaceData } from '@proofmark/shared/contract/workspace';
import type { Design, DesignElementInput } from '@proofmark/shared/designs/model';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin, teamUser } from './accounts';
import { addStudents, toPkReceived } from './workspace-fixtures';
import { pdfText } from '../support/pdf-text';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const C = 'DSG-2025';
const designs = (token: string, cohort = C, certtype = 'degree') =>
  api<DesignData>('GET', `/api/designs?cohort=${encodeURIComponent(cohort)}&certtype=${certtype}`, { token });
const save = (token: string, design: unknown, over: Record<string, unknown> = {}) =>
  api<{ version: number }>('POST', '/api/designs', {
    token,
    body: { cohort: C, certtype: 'degree', galleryNumber: 1, design, ...over },
  });

/** The current design with the title, its font and the bound column changed. */
const edited = (d: Design, title: string, extra: DesignElementInput[] = []): Design => ({
  ...d,
  elements: [
    ...d.elements.map((e) =>
      e.id === 'title' && e.kind === 'text' ? { ...e, text: title, font: 'Playfair Display' } : e,
    ),
    ...(extra as Design['elements']),
  ],
});
const courseLine: DesignElementInput = {
  kind: 'text',
  id: 'course',
  x: 40,
  y: 136,
  width: 217,
  height: 8,
  text: 'Course: {{Course}}',
  font: 'Source Sans 3',
  size: 12,
  colour: '#222222',
};

const runDone = (admin: Admin, id: string) =>
  eventually(
    async () => {
      const r = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data!;
      return r.state === 'done' || r.state === 'failed' ? r : undefined;
    },
    180_000,
    500,
  );
const rows = async (admin: Admin) => {
  const data = (
    await api<WorkspaceData>('GET', `/api/workspace?certtype=degree&cohort=${C}&pagesize=250`, {
      token: admin.token,
    })
  ).body.Data!;
  return new Map<string, CertificateRow>(data.mockData.flatMap((p) => p.children).map((r) => [r.studentid, r]));
};
const generatedPdf = async (orgId: string, row: CertificateRow) => {
  const out = await clients().s3.send(
    new GetObjectCommand({
      Bucket: cloud().resources.buckets.artefacts,
      Key: `${orgId}/generated/${row.credentialId.replace(/^urn:uuid:/, '')}.pdf`,
    }),
  );
  return Buffer.from(await out.Body!.transformToByteArray());
};

describe('certificate designs: versions, refusals, permission, generate', () => {
  let admin: Admin;
  let base: Design;
  beforeAll(async () => {
    admin = await registeredAdmin();
    await addStudents(admin, C, [
      { id: 'D1', first: 'Asha', last: 'Verma', course: 'Astrophysics' },
      { id: 'D2', first: 'Ravi', last: 'Iyer', course: 'Botany' },
    ]);
    const first = await designs(admin.token);
    expect(first.status).toBe(200);
    base = first.body.Data!.current.design;
  }, 240_000);

  it('starts from the gallery default (version 0) and offers the cohort sheet columns', async () => {
    const d = (await designs(admin.token)).body.Data!;
    expect(d.current.version).toBe(0);
    expect(d.versions).toEqual([]);
    expect(d.columns).toContain('Course');
    expect(d.current.design.elements.map((e) => e.id)).toEqual(expect.arrayContaining(['title', 'name', 'qr']));
  });

  it('saves versions 1 and 2 and keeps both', async () => {
    const one = await save(admin.token, edited(base, 'Diploma of Excellence'));
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.Data!.version).toBe(1);
    const two = await save(admin.token, edited(base, 'Diploma of Distinction', [courseLine]));
    expect(two.body.Data!.version).toBe(2);
    const d = (await designs(admin.token)).body.Data!;
    expect(d.current.version).toBe(2);
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(d.versions[0]!.savedBy).toBe(admin.email);
    const title = d.current.design.elements.find((e) => e.id === 'title');
    expect(title).toMatchObject({ text: 'Diploma of Distinction', font: 'Playfair Display' });
  });

  it('refuses bad designs with a 400 naming the element and saves nothing', async () => {
    const before = (await designs(admin.token)).body.Data!.versions.length;
    const cases: Array<[string, unknown, RegExp]> = [
      ['unknown placeholder', edited(base, 'For {{Nickname}}'), /Element "title".*\{\{Nickname\}\}/],
      [
        'off the page',
        { ...base, elements: base.elements.map((e) => (e.id === 'logo' ? { ...e, x: 290 } : e)) },
        /Element "logo" is off the page/,
      ],
      [
        'unshipped font',
        { ...base, elements: base.elements.map((e) => (e.id === 'name' ? { ...e, font: 'Comic Sans MS' } : e)) },
        /Element "name" uses the font "Comic Sans MS"/,
      ],
      [
        'over the size bound',
        { ...base, elements: base.elements.map((e) => (e.id === 'preamble' ? { ...e, text: 'x'.repeat(1001) } : e)) },
        /elements\.\d+\.text/,
      ],
      [
        'an image never uploaded',
        edited(base, 'Title', [
          { kind: 'image', id: 'crest', asset: `img-${'a'.repeat(64)}`, x: 10, y: 10, width: 20, height: 20 },
        ]),
        /Element "crest" uses an image that was not uploaded/,
      ],
    ];
    for (const [what, design, pattern] of cases) {
      const res = await save(admin.token, design);
      expect(res.status, what).toBe(400);
      const body = res.body as { message: string; details?: Array<{ path: string; message: string }> };
      const said = [body.message, ...(body.details ?? []).flatMap((d) => [d.path, d.message])].join(' | ');
      expect(said, what).toMatch(pattern);
    }
    expect((await designs(admin.token)).body.Data!.versions.length).toBe(before);
  });

  it('refuses an upload that is not an image by its content, and keeps a real one', async () => {
    const fake = await api('POST', '/api/designs/images', {
      token: admin.token,
      body: { value: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') },
    });
    expect(fake.status).toBe(400);
    // A PNG header with nothing behind it is not an image either.
    const truncated = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cut = await api('POST', '/api/designs/images', {
      token: admin.token,
      body: { value: truncated.toString('base64') },
    });
    expect(cut.status).toBe(400);
  });

  it('lets only members with the designcertificate flag save; others read', async () => {
    const without = await teamUser(admin, { ...mainAdminPermissions(), designcertificate: 0, isadmin: 0 });
    expect((await designs(without.token)).status).toBe(200);
    const refused = await save(without.token, edited(base, 'Not mine'));
    expect(refused.status).toBe(403);
    const withFlag = await teamUser(admin, { ...mainAdminPermissions(), designcertificate: 1, isadmin: 0 });
    const ok = await save(withFlag.token, edited(base, 'Diploma of Distinction', [courseLine]));
    expect(ok.status).toBe(200);
    expect(ok.body.Data!.version).toBe(3);
  }, 120_000);

  it('previews with the renderer for a sample recipient named by name', async () => {
    const res = await api<PreviewDesignData>('POST', '/api/designs/preview', {
      token: admin.token,
      body: { cohort: C, certtype: 'degree', design: edited(base, 'Preview Title', [courseLine]) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data!.recipient).toBe('Asha Verma');
    expect(res.body.Data!.image).toMatch(/^data:image\/jpeg;base64,/);
    const shown = jpeg.decode(Buffer.from(res.body.Data!.image.replace(/^data:image\/jpeg;base64,/, ''), 'base64'));
    expect([shown.width, shown.height]).toEqual([1123, 794]); // A4 landscape at 96 dpi
  });

  it('generates with the version current when the run starts, and records it on each row', async () => {
    await toPkReceived(admin, [`${C}=D1`, `${C}=D2`]);
    const started = await api<RunView>('POST', '/api/workspace/generate', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [`${C}=`] },
    });
    expect(started.status).toBe(202);
    // A save while the run goes on makes version 4, which this run does not use.
    const during = await save(admin.token, edited(base, 'Saved During The Run'));
    expect(during.body.Data!.version).toBe(4);
    const run = await runDone(admin, started.body.Data!.id);
    expect(run.state, JSON.stringify(run.errors)).toBe('done');
    const generated = await rows(admin);
    for (const [id, course] of [
      ['D1', 'Astrophysics'],
      ['D2', 'Botany'],
    ] as const) {
      const row = generated.get(id)!;
      expect(row.designVersion).toBe(3);
      const text = await pdfText(await generatedPdf(admin.orgId, row));
      expect(text).toContain('Diploma of Distinction');
      expect(text).toContain(`Course: ${course}`);
      expect(text).not.toContain('Saved During The Run');
    }
  }, 300_000);

  it('offers a gallery of numbered designs with thumbnails made by the renderer', async () => {
    const res = await api<{ designs: GalleryEntry[] }>('GET', '/api/designs/gallery?certtype=degree', {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const gallery = res.body.Data!.designs;
    expect(gallery.length).toBeGreaterThanOrEqual(8);
    expect(new Set(gallery.map((g) => g.number)).size).toBe(gallery.length);
    const thumb = await fetch(gallery[0]!.thumbnail!);
    expect(thumb.status).toBe(200);
    expect(Buffer.from(await thumb.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    const badges = (
      await api<{ designs: GalleryEntry[] }>('GET', '/api/designs/gallery?certtype=openbadges', { token: admin.token })
    ).body.Data!.designs;
    expect(badges.map((b) => b.number)).toEqual([9, 44, 45]);
    expect(badges.every((b) => b.design.badge?.name)).toBe(true);
  }, 240_000);

  it('an open-badge design sets the baked badge: achievement name, criteria and image', async () => {
    expect((await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status).toBe(201);
    await addStudents(admin, 'OBD', [{ id: 'B1' }], cloud(), 'openbadges');
    const gallery = (
      await api<{ designs: GalleryEntry[] }>('GET', '/api/designs/gallery?certtype=openbadges', { token: admin.token })
    ).body.Data!.designs;
    const ribbon = gallery.find((g) => g.number === 44)!;
    const badge = { name: 'Robotics Champion', description: 'Built a robot.', criteria: 'Won the regional final.' };
    const saved = await save(admin.token, { ...ribbon.design, badge }, { cohort: 'OBD', certtype: 'openbadges', galleryNumber: 44 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const requestId = randomUUID();
    const baked = await api<RunView>('POST', '/api/workspace/bake', {
      token: admin.token,
      body: { certtype: 'openbadges', selectedItems: ['OBD='], requestId },
    });
    expect(baked.status, JSON.stringify(baked.body)).toBe(202);
    const run = await runDone(admin, requestId);
    expect(run.state, JSON.stringify(run.errors)).toBe('done');
    const issued = await eventually(async () => {
      const data = (
        await api<WorkspaceData>('GET', '/api/workspace?certtype=openbadges&cohort=OBD&pagesize=250', { token: admin.token })
      ).body.Data!;
      return data.mockData_Issued.flatMap((p) => p.children).find((r) => r.jsondownloadurl);
    }, 120_000);
    const credential = (await (await fetch(issued.jsondownloadurl)).json()) as {
      credentialSubject: { achievement: { name: string; description: string; criteria: { narrative: string }; image: { id: string } | string } };
    };
    const achievement = credential.credentialSubject.achievement;
    expect(achievement).toMatchObject({ name: badge.name, description: badge.description, criteria: { narrative: badge.criteria } });
    // The image is the design rendered (a 120 mm square at 96 dpi), not the 200 px default badge.
    const imageUrl = typeof achievement.image === 'string' ? achievement.image : achievement.image.id;
    const image = Buffer.from(await (await fetch(imageUrl)).arrayBuffer());
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([454, 454]);
    const bakedPng = Buffer.from(await (await fetch(issued.jsondownloadurl.replace(/\.json$/, '.png'))).arrayBuffer());
    expect(bakedPng.readUInt32BE(16)).toBe(454);
  }, 600_000);
});
