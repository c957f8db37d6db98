import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { buckets } from '../../infra/resources';
import { expiryRules, startExpirySweep, sweepExpired } from '../../infra/local/expiry';
import { clients, cloud, eventually } from './helpers';

/**
 * Security finding 5 (uploads never cleaned): in AWS an S3 lifecycle rule expires `uploads/`; the
 * local S3 has no lifecycle, so the local cloud sweeps by the same rule at start and every hour.
 * The sweep runs here against the local S3 itself, on a bucket of its own (a sweep "a day later" on
 * the shared bucket would take the uploads of tests running alongside).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

describe('expiry of uploads on one machine', () => {
  const s3 = () => clients().s3;
  const bucket = `expiry-${randomUUID().slice(0, 8)}`;
  const names = () => ({ ...cloud().resources.buckets, artefacts: bucket });
  const keys = async () =>
    ((await s3().send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();
  const put = (key: string) =>
    s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from('a sheet') }));

  beforeAll(async () => {
    await s3().send(new CreateBucketCommand({ Bucket: bucket }));
  });
  afterAll(async () => {
    for (const key of await keys()) await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key! }));
    await s3().send(new DeleteBucketCommand({ Bucket: bucket }));
  });

  it("takes the rule's prefix and age from the definition the stack's lifecycle rule uses", () => {
    expect(expiryRules()).toEqual([
      ...buckets.artefacts.expire.map((rule) => ({ bucket: 'artefacts', ...rule })),
      ...buckets.public.expire.map((rule) => ({ bucket: 'public', ...rule })),
    ]);
    expect(expiryRules()).toContainEqual({ bucket: 'artefacts', prefix: 'uploads/', afterDays: 1 });
  });

  it('deletes uploads older than the rule and nothing else', async () => {
    const { afterDays } = buckets.artefacts.expire[0];
    await put('uploads/org-1/a/students.xlsx');
    await put('uploads/org-1/b/photos.zip');
    await put('org-1/photos/kept.jpg');
    const all = ['org-1/photos/kept.jpg', 'uploads/org-1/a/students.xlsx', 'uploads/org-1/b/photos.zip'];

    // Now and just before the age: everything stays.
    expect(await sweepExpired(s3(), names())).toBe(0);
    expect(await sweepExpired(s3(), names(), new Date(Date.now() + afterDays * DAY_MS - 60_000))).toBe(0);
    expect(await keys()).toEqual(all);

    // Past the age: the uploads go, the rest stays.
    expect(await sweepExpired(s3(), names(), new Date(Date.now() + afterDays * DAY_MS + 60_000))).toBe(2);
    expect(await keys()).toEqual(['org-1/photos/kept.jpg']);
  });

  it('sweeps at start and again on its interval', async () => {
    await put('uploads/org-2/c/students.xlsx');
    let later = false;
    const sweep = startExpirySweep({
      s3: s3(),
      bucketNames: names(),
      everyMs: 300,
      clock: () => new Date(Date.now() + (later ? 2 * DAY_MS : 0)),
    });
    try {
      await sweep.first;
      expect(await keys()).toContain('uploads/org-2/c/students.xlsx');
      later = true;
      await eventually(async () =>
        (await keys()).includes('uploads/org-2/c/students.xlsx') ? undefined : true,
      );
      expect(await keys()).toEqual(['org-1/photos/kept.jpg']);
    } finally {
      await sweep.stop();
    }
  });
});
