import { describe, expect, it } from 'vitest';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import { api } from './helpers';
import { registeredAdmin } from './accounts';

/*
 * A request's way through the local gateway: the token check the JWT authorizer makes, the body
 * check, the write and the read back. The asynchronous half (queue → job → bucket) is exercised by
 * real jobs: dead-letter.test.ts (anchor, import), delivery.test.ts (send, download), workspace.test.ts.
 */
describe('the authenticated request path: gateway → handler → DynamoDB → API', () => {
  const cohort = (token?: string, body: unknown = { cohortid: 'Roundtrip' }) =>
    api('POST', '/api/cohorts', { token, body });

  it('refuses a call without a valid token like the JWT authorizer', async () => {
    expect((await cohort()).status).toBe(401);
    expect((await cohort('not.a.jwt')).status).toBe(401);
  });

  it('writes and reads back, for its own organisation only', async () => {
    const [a, b] = await Promise.all([registeredAdmin(), registeredAdmin()]);
    const cohortid = `RT-${Date.now()}`;
    expect((await cohort(a.token, { cohortid })).status).toBe(201);
    const listed = async (token: string) =>
      (await api<CohortsData>('GET', '/api/cohorts?certtype=degree', { token })).body.Data!.Data.map(
        (c) => c.value,
      );
    expect(await listed(a.token)).toContain(cohortid);
    expect(await listed(b.token)).not.toContain(cohortid);
  });

  it('rejects a bad body with the field named', async () => {
    const user = await registeredAdmin();
    const res = await cohort(user.token, { cohortid: '' });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.path).toBe('cohortid');
    expect((await api('POST', '/api/cohorts', { token: user.token, rawBody: '{oops' })).body.message).toMatch(
      /not valid JSON/,
    );
  });
});
