import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { MAX_IMAGE_PIXELS, MAX_SHEET_COLUMNS } from '@proofmark/shared/recipients/rules';
import { PNG_SIGNATURE, pngHeader, realJpeg, realPdf, realPng } from '../support/real-files';
import { api, type ApiAnswer } from './helpers';
import { registeredAdmin } from './accounts';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const ticket = (admin: Admin, o: { purpose?: string; filename: string; size: number; cohortid: string }) =>
  api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose: o.purpose ?? 'students', certtype: 'degree', ...o },
  });

/** The browser's three steps: ticket, PUT to the presigned URL, import. */
const upload = async (
  admin: Admin,
  o: { purpose?: string; filename: string; bytes: Buffer; cohortid: string },
): Promise<ApiAnswer<UploadView> & { id: string }> => {
  const t = await ticket(admin, { ...o, size: o.bytes.length });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  const put = await fetch(t.body.Data!.url, { method: 'PUT', body: o.bytes });
  expect(put.status).toBe(200);
  const res = await api<UploadView>('POST', `/api/uploads/${t.body.Data!.id}/import`, { token: admin.token });
  return { ...res, id: t.body.Data!.id };
};

const healthy = async () => expect((await api('GET', '/api/health')).status).toBe(200);

describe('hostile sheets (finding 3)', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('refuses a small sheet with a cell in column XFD on 1,500 rows, and the server stays healthy', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow(['First Name', 'Last Name', 'Email', 'Student ID']);
    for (let r = 2; r <= 1500; r++) ws.getCell(`XFD${r}`).value = 'x';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(bytes.length).toBeLessThan(100_000);
    const up = await upload(admin, { filename: 'wide.xlsx', bytes, cohortid: 'Wide' });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.sheetTooWide(MAX_SHEET_COLUMNS));
    await healthy();
  });

  it('refuses a sheet one column past the bound, and reads one at the bound', async () => {
    const header = ['First Name', 'Email', 'Student ID'];
    const extra = (n: number) => Array.from({ length: n - header.length }, (_, i) => `Extra ${i}`);
    const sheet = async (width: number) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Students');
      ws.addRow([...header, ...extra(width)]);
      ws.addRow(['Ada', 'ada@example.test', 'S1', ...extra(width).map(() => 'v')]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const over = await upload(admin, {
      filename: 'over.xlsx',
      bytes: await sheet(MAX_SHEET_COLUMNS + 1),
      cohortid: 'Over',
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(m.sheetTooWide(MAX_SHEET_COLUMNS));
    const fits = await upload(admin, {
      filename: 'fits.xlsx',
      bytes: await sheet(MAX_SHEET_COLUMNS),
      cohortid: 'Fits',
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    await healthy();
  });
});

describe('photos and PDFs are read whole before they are accepted (finding 4)', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow(['First Name', 'Email', 'Student ID']);
    ws.addRow(['Ada', 'ada@example.test', 'P1']);
    const sheet = await upload(admin, {
      filename: 'photos.xlsx',
      bytes: Buffer.from(await wb.xlsx.writeBuffer()),
      cohortid: 'Photos',
    });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
  });

  const photo = (filename: string, bytes: Buffer) =>
    upload(admin, { purpose: 'photo', filename, bytes, cohortid: 'Photos' });

  it('refuses a PNG signature with nothing after it', async () => {
    const up = await photo('P1.png', PNG_SIGNATURE);
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.imageUnreadable('P1.png'));
  });

  it('refuses a truncated PNG and a JPEG cut short', async () => {
    const png = realPng(64, 64);
    expect((await photo('P1.png', png.subarray(0, png.length - 20))).body.message).toBe(
      m.imageUnreadable('P1.png'),
    );
    const jpg = realJpeg(64, 64);
    expect((await photo('P1.jpg', jpg.subarray(0, Math.floor(jpg.length / 2)))).body.message).toBe(
      m.imageUnreadable('P1.jpg'),
    );
  });

  it('refuses a PNG whose header claims 100000 × 100000 pixels, before decoding it', async () => {
    const up = await photo('P1.png', Buffer.concat([pngHeader(100_000, 100_000), Buffer.alloc(64)]));
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.imageTooManyPixels('P1.png', Math.round(MAX_IMAGE_PIXELS / 1e6)));
    await healthy();
  });

  it('refuses %PDF- followed by a zip, and accepts a real PDF and real photos', async () => {
    const fake = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]);
    const up = await upload(admin, { filename: 'P1.pdf', bytes: fake, cohortid: 'Photos' });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.pdfUnreadable('P1.pdf'));
    const pdf = await upload(admin, { filename: 'P1.pdf', bytes: await realPdf(), cohortid: 'Photos' });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect((await photo('P1.png', realPng(32, 32))).status).toBe(200);
    expect((await photo('P1.jpg', realJpeg(32, 32))).status).toBe(200);
    await healthy();
  });
});

describe('uploads are bounded, short-lived and single use (finding 5)', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('signs URLs valid for 5 minutes, under uploads/ (which expires)', async () => {
    const t = await ticket(admin, { filename: 'short.xlsx', size: 100, cohortid: 'Short' });
    const url = new URL(t.body.Data!.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.pathname).toMatch(new RegExp(`/uploads/${admin.orgId}/[0-9a-f-]{36}$`));
  });

  it('refuses a file larger than its limit whatever size the ticket declared, and keeps nothing', async () => {
    const t = await ticket(admin, { purpose: 'photo', filename: 'P9.png', size: 100, cohortid: 'Short' });
    // The cohort must exist for photos: use one made by a sheet.
    if (t.status !== 201) {
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('S').addRow(['First Name', 'Email', 'Student ID']);
      wb.worksheets[0]!.addRow(['Ada', 'ada@example.test', 'P9']);
      await upload(admin, {
        filename: 's.xlsx',
        bytes: Buffer.from(await wb.xlsx.writeBuffer()),
        cohortid: 'Short',
      });
    }
    const again = await ticket(admin, { purpose: 'photo', filename: 'P9.png', size: 100, cohortid: 'Short' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const big = Buffer.concat([realPng(8, 8), Buffer.alloc(3 * 1024 * 1024)]);
    expect((await fetch(again.body.Data!.url, { method: 'PUT', body: big })).status).toBe(200);
    const res = await api('POST', `/api/uploads/${again.body.Data!.id}/import`, { token: admin.token });
    expect(res.status).toBe(413);
    const view = await api<UploadView>('GET', `/api/uploads/${again.body.Data!.id}`, { token: admin.token });
    expect(view.body.Data!.state).toBe('failed');
    // A second import of the same ticket is refused: one ticket, one import.
    const twice = await api('POST', `/api/uploads/${again.body.Data!.id}/import`, { token: admin.token });
    expect(twice.status).toBe(409);
    await healthy();
  });
});
