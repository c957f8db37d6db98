import { describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Probe } from '@proofmark/shared/api/system';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin } from './accounts';

describe('the authenticated asynchronous path: API → DynamoDB → SQS → job → S3 → API', () => {
  it('refuses a call without a valid token like the JWT authorizer', async () => {
    expect((await api('POST', '/api/probes', { body: { note: 'x' } })).status).toBe(401);
    expect((await api('POST', '/api/probes', { body: { note: 'x' }, token: 'not.a.jwt' })).status).toBe(401);
  });

  it('writes, enqueues, runs the job, and reads the artefact back', async () => {
    const user = await registeredAdmin();
    const note = `hello ${Date.now()}`;
    const created = await api<Probe>('POST', '/api/probes', { token: user.token, body: { note } });
    expect(created.status).toBe(201);
    expect(created.body.Data).toMatchObject({ note, state: 'queued' });
    const id = created.body.Data!.id;

    const done = await eventually(async () => {
      const res = await api<Probe>('GET', `/api/probes/${id}`, { token: user.token });
      return res.body.Data?.state === 'done' ? res.body.Data : undefined;
    });
    expect(done.artefact?.key).toBe(`${user.orgId}/probes/${id}.json`);
    expect(JSON.parse(done.artefact!.body)).toMatchObject({ probeId: id, note });

    // The object really is in the local S3 artefacts bucket, under the tenant's prefix.
    const obj = await clients().s3.send(
      new GetObjectCommand({ Bucket: cloud().resources.buckets.artefacts, Key: done.artefact!.key }),
    );
    expect(JSON.parse(await obj.Body!.transformToString())).toMatchObject({ note });
  });

  it('rejects a bad body with the field named, and writes nothing', async () => {
    const user = await registeredAdmin();
    const res = await api('POST', '/api/probes', { token: user.token, body: { note: '' } });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.path).toBe('note');
    expect((await api('POST', '/api/probes', { token: user.token, rawBody: '{oops' })).body.message).toMatch(
      /not valid JSON/,
    );
  });

  it("hides one organisation's objects from another (404)", async () => {
    const a = await registeredAdmin();
    const b = await registeredAdmin();
    const created = await api<Probe>('POST', '/api/probes', { token: a.token, body: { note: 'private' } });
    const res = await api('GET', `/api/probes/${created.body.Data!.id}`, { token: b.token });
    expect(res.status).toBe(404);
  });
});
