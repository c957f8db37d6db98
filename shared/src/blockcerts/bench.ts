// Micro-benchmark of the issuance pipeline. Run: npx tsx shared/src/blockcerts/bench.ts
// Prints certs/s for build + canonicalize + hash + Merkle + proof, the bare canonicalize + hash
// rate, and their ratio (how much the rest of the pipeline costs on top of canonicalization).
import { buildCredential } from './build';
import { canonicalize, sha256Hex } from './canonicalize';
import { finalizeBatch, prepareBatch } from './proof';

const ANCHOR = `blink:eth:sepolia:0x${'ab'.repeat(32)}`;
const HTML = `<section style="font-family:serif"><h1>Certificate of Completion</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p></section>`;

function build(n: number) {
  return Array.from({ length: n }, (_, i) =>
    buildCredential(
      { issuerProfileUrl: 'https://certs.example.edu/issuer/profile.json' },
      { name: `Recipient ${i}`, email: `r${i}@example.org`, publicKey: '0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60' },
      {
        name: 'Certificate of Completion',
        description: 'Completed the 2025 cohort',
        display: HTML,
        validFrom: '2025-01-31T09:00:00Z',
        metadata: { cohort: '2025', index: i },
        status: { statusListCredential: 'https://certs.example.edu/status/1.json', statusListIndex: i },
      },
    ),
  );
}

// Median of three runs: the first run of each size still pays for JIT and GC growth.
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await fn();
    runs.push((performance.now() - start) / 1000);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

async function main(): Promise<void> {
  // Warm up jsonld's context cache and the JIT on both paths: cold runs are several times slower.
  for (let i = 0; i < 3; i++) {
    await prepareBatch(build(200));
    for (const c of build(200)) sha256Hex(await canonicalize(c));
  }
  console.log('batch  pipeline certs/s  canonicalize+hash certs/s  ratio');
  for (const n of [100, 2000]) {
    const pipeline = await timed(async () => {
      const batch = await prepareBatch(build(n));
      finalizeBatch(batch, ANCHOR, { created: '2025-02-01T00:00:00Z' });
    });
    const credentials = build(n);
    const raw = await timed(async () => {
      for (const c of credentials) sha256Hex(await canonicalize(c));
    });
    const pipelineRate = n / pipeline;
    const rawRate = n / raw;
    console.log(
      `${String(n).padStart(5)}  ${pipelineRate.toFixed(0).padStart(16)}  ${rawRate.toFixed(0).padStart(25)}  ${(pipelineRate / rawRate).toFixed(2).padStart(5)}`,
    );
  }
}

await main();
