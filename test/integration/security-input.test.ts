import { beforeAll, describe, expect, it } from 'vitest';
import { unsafeTextMessage } from '@proofmark/shared/text';
import { api, cloud } from './helpers';
import { registeredAdmin, registration, uniqueEmail } from './accounts';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

describe('bounded input (finding 6)', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('answers 400, not 500, to over-long ids in paths, queries and bodies', async () => {
    const longPath = await api('GET', `/api/uploads/${'a'.repeat(3000)}`, { token: admin.token });
    expect(longPath.status).toBe(400);
    expect(longPath.body.message).toMatch(/too long/);

    const longQuery = await api('GET', `/api/recipients/photo?cohort=${'c'.repeat(5000)}&student=S1`, {
      token: admin.token,
    });
    expect(longQuery.status).toBe(400);
    const longish = await api('GET', `/api/recipients/photo?cohort=${'c'.repeat(200)}&student=S1`, {
      token: admin.token,
    });
    expect(longish.status).toBe(400);

    const longBody = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedCertType: 'degree',
        selectedcoid: 'x'.repeat(2000),
        selectedstdid: 'y'.repeat(2000),
        newemail: 'someone@example.test',
        firstname: 'Quinn',
      },
    });
    expect(longBody.status).toBe(400);
    const batch = await api('GET', `/api/batches/${'b'.repeat(1000)}`, { token: admin.token });
    expect(batch.status).toBe(400);
  });

  it('answers 400 to a malformed % in a path', async () => {
    for (const path of ['/api/uploads/%E0%A4%A', '/api/uploads/%', '/api/uploads/%zz'])
      expect(
        (await fetch(`${cloud().appUrl}${path}`, { headers: { authorization: `Bearer ${admin.token}` } }))
          .status,
      ).toBe(400);
    expect((await api('GET', '/api/health')).status).toBe(200);
  });
});

describe('names show what they are (finding 7)', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  const hostile = ['Eve\u0000', 'Eve\u202egpj.exe', 'Eve\ud800', 'Eve\u2066x', 'Eve\u0007'];

  it('refuses NUL, lone surrogates, bidi overrides and controls in a team member name', async () => {
    for (const firstname of hostile) {
      const res = await api('POST', '/api/team', {
        token: admin.token,
        body: { firstname, lastname: 'Smith', email: uniqueEmail('member'), job_title: 'MIS Manager' },
      });
      expect(res.status, JSON.stringify(firstname)).toBe(400);
      expect(res.body.message).toBe(unsafeTextMessage);
    }
  });

  it('refuses them in registration and in a recipient name', async () => {
    const reg = await api('POST', '/api/auth/register', { body: registration({ lname: 'Lovelace\u202e' }) });
    expect(reg.status).toBe(400);
    expect(reg.body.message).toBe(unsafeTextMessage);
    for (const firstname of hostile) {
      const res = await api('POST', '/api/recipients/update', {
        token: admin.token,
        body: {
          selectedCertType: 'degree',
          selectedcoid: 'Any',
          selectedstdid: 'S1',
          newemail: 'someone@example.test',
          firstname,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(unsafeTextMessage);
    }
  });
});
