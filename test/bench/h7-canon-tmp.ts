import { randomBytes } from 'node:crypto';
import { buildCredential, computeTargetHash } from '../../shared/src/blockcerts/index';
const mk = (display: any, i: number) => buildCredential(
  { issuerProfileUrl: 'https://x.example/issuer/profile.json' },
  { name: `Person ${i}`, email: `p${i}@x.example` },
  { name: 'Degree', id: `urn:uuid:${crypto.randomUUID()}`, display, validFrom: new Date(),
    status: [{ statusListCredential: 'https://x.example/s.json', statusListIndex: i, statusPurpose: 'revocation' }, { statusListCredential: 'https://x.example/s2.json', statusListIndex: i, statusPurpose: 'suspension' }] as any });
for (const [label, size] of [['html', 0], ['png40k', 40000], ['png120k', 120000]] as const) {
  const display = size ? { contentMediaType: 'image/png', contentEncoding: 'base64', content: randomBytes(size).toString('base64') } : '<section><p>Org</p><h1>Degree</h1><p>Name</p></section>';
  const creds = Array.from({ length: 100 }, (_, i) => mk(display, i));
  await computeTargetHash(creds[0]!);
  const t = performance.now();
  let maxGap = 0;
  for (const c of creds) { const s = performance.now(); await computeTargetHash(c); maxGap = Math.max(maxGap, performance.now() - s); }
  console.log(label, ((performance.now() - t) / 100).toFixed(1), 'ms each; max', maxGap.toFixed(0));
}
