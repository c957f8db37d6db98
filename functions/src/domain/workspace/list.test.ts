import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipientItem } from '../recipients/recipient-store';
import { pageOfRowTree } from '../recipients/recipients';
import { blockchainOf } from './blockchain';
import { certificateRowOf } from './list';
import { certificateRecipientFor } from '../designs/recipient-fields';

beforeAll(() => {
  process.env.PUBLIC_BASE_URL = 'https://cdn.example.test/public/';
  process.env.APP_BASE_URL = 'https://app.example.test';
});

const row = (studentid: string, over: Partial<RecipientItem> = {}): RecipientItem => ({
  pk: 'ORG#o#COH#C1',
  sk: `CT#degree#R#${studentid}`,
  orgId: 'o',
  cohortid: 'C1',
  certtype: 'degree',
  studentid,
  firstname: `F${studentid}`,
  middlename: '',
  lastname: `L${studentid}`,
  email: `${studentid}@example.test`,
  secondemail: '',
  extra: { Course: 'Physics', Roll: '' },
  status: 'PK received',
  publicKey: `${studentid}@example.test`,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  ...over,
});

const uuid = '11111111-1111-4111-8111-111111111111';

describe('certificate rows of the workspace', () => {
  const toRow = certificateRowOf('my-college');

  it('gives issued certificates their public links and verifier page', () => {
    const r = toRow(
      row('S1', {
        status: 'Certificate sent',
        certUuid: uuid,
        validated: 1,
        approval: 2,
        declineReason: 'typo',
      }),
    );
    expect(r).toMatchObject({
      credentialId: `urn:uuid:${uuid}`,
      is_validated: 1,
      jsondownloadurl: `https://cdn.example.test/public/credentials/my-college/${uuid}.json`,
      pdfdownloadurl: `https://cdn.example.test/public/credentials/my-college/${uuid}.pdf`,
      printpdfurl: `https://cdn.example.test/public/credentials/my-college/${uuid}.pdf#print`,
      verifyurl: `https://app.example.test/verify/my-college?id=${uuid}`,
      approval: 2,
      declinereason: 'typo',
    });
  });

  it('keeps links empty until issued, and shows the approval code of the status', () => {
    const generated = toRow(row('S2', { status: 'generated', certUuid: uuid }));
    expect(generated).toMatchObject({
      credentialId: `urn:uuid:${uuid}`,
      jsondownloadurl: '',
      verifyurl: '',
      approval: 4,
    });
    expect(toRow(row('S3', { status: 'Invite pending' })).approval).toBe(0);
    expect(toRow(row('S4', { status: 'Scheduled', scheduledAt: '2030-01-01T00:00:00Z' })).scheduledAt).toBe(
      '2030-01-01T00:00:00Z',
    );
  });

  it('pages the tree with certificate rows; parents carry no certificate', () => {
    const page = pageOfRowTree([row('S2', { certUuid: uuid, status: 'generated' }), row('S1')], 0, 20, toRow);
    expect(page.mockData).toHaveLength(1);
    expect(page.mockData[0]).toMatchObject({
      id: 'C1=',
      is_child: 0,
      credentialId: '',
      status: '',
      pagecount: 2,
    });
    expect(page.mockData[0]!.children.map((c) => c.studentid)).toEqual(['S1', 'S2']);
  });
});

describe('generate', () => {
  it('takes the blockchain the settings screen shows: ethereum until one is chosen', () => {
    expect(blockchainOf({})).toBe('ethereum');
    expect(blockchainOf({ blockchain: 'bitcoin' })).toBe('bitcoin');
    expect(blockchainOf({ blockchain: '' as never })).toBeUndefined();
  });

  it('builds the recipient of a certificate from its row', () => {
    const r = certificateRecipientFor(
      row('S1', { certUuid: uuid, generatedAt: '2024-05-06T10:00:00Z', fontflag: 'krutidev010' }),
      'my-college',
    );
    expect(r).toEqual({
      fields: {
        Course: 'Physics',
        name: 'FS1 LS1',
        firstname: 'FS1',
        middlename: '',
        lastname: 'LS1',
        studentid: 'S1',
        email: expect.any(String),
        date: '2024-05-06',
        certificateid: uuid,
      },
      verifyUrl: `https://app.example.test/verify/my-college?id=${uuid}`,
      details: [{ label: 'Course', value: 'Physics' }],
      fontFlag: 'krutidev010',
    });
  });
});
