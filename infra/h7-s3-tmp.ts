import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client, PutObjectCommand, CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { startS3 } from './local/servers/s3';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h7s3-'));
const s3 = await startS3(0, dir);
const c = new S3Client({ endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
await c.send(new CreateBucketCommand({ Bucket: 'bbb' }));
const body = Buffer.alloc(74000, 7);
const mapLimit = async (n: number, lim: number, fn: (i: number) => Promise<unknown>) => { let next = 0; await Promise.all(Array.from({ length: lim }, async () => { while (next < n) await fn(next++); })); };
for (const lim of [1, 16]) {
  let t = performance.now();
  await mapLimit(300, lim, (i) => c.send(new PutObjectCommand({ Bucket: 'bbb', Key: `k/${lim}/${i}.pdf`, Body: body, ContentType: 'application/pdf' })));
  console.log('put conc', lim, ((performance.now() - t) / 300).toFixed(1), 'ms per op');
  t = performance.now();
  await mapLimit(300, lim, async (i) => { const o = await c.send(new GetObjectCommand({ Bucket: 'bbb', Key: `k/${lim}/${i}.pdf` })); await o.Body!.transformToByteArray(); });
  console.log('get conc', lim, ((performance.now() - t) / 300).toFixed(1), 'ms per op');
}
await s3.stop(); fs.rmSync(dir, { recursive: true, force: true });
