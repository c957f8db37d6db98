// Issuance pipeline throughput: build + canonicalize + hash + Merkle + proof, against the bare
// canonicalize + hash rate on the same documents, and their ratio (goal ≥ 0.7), each the median of 5 runs.
import {
  buildCredential,
  canonicalize,
  finalizeBatch,
  prepareBatch,
  sha256Hex,
} from '@proofmark/shared/blockcerts/index';

const ANCHOR = `blink:eth:sepolia:0x${'ab'.repeat(32)}`;
const HTML = `<section style="font-family:serif"><h1>Certificate of Completion</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p></section>`;

export const sampleCredentials = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    buildCredential(
      { issuerProfileUrl: 'https://certs.example.edu/issuer/profile.json' },
      {
        name: `Recipient ${i}`,
        email: `r${i}@example.org`,
        publicKey: '0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60',
      },
      {
        name: 'Certificate of Completion',
        description: 'Completed the 2025 cohort',
        display: HTML,
        validFrom: '2025-01-31T09:00:00Z',
        metadata: { cohort: '2025', index: i },
      },
    ),
  );

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

const seconds = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
};

export const benchCredentialEngine = async (sizes = [100, 2000, 10000]) => {
  // Warm up jsonld's context cache and the JIT on both paths: cold runs are several times slower.
  for (let i = 0; i < 2; i++) {
    await prepareBatch(sampleCredentials(200));
    for (const c of sampleCredentials(200)) sha256Hex(await canonicalize(c));
  }
  console.log('\nCredential engine (no PDF)');
  console.log('  batch  pipeline certs/s  canonicalize+hash certs/s  ratio  (goal ≥ 0.70, median of 5 runs)');
  for (const n of sizes) {
    // The two alternate, run by run: measured one after the other, the second ran on a JIT and a
    // machine load the first had not.
    const credentials = sampleCredentials(n);
    const pipelineRuns: number[] = [];
    const rawRuns: number[] = [];
    for (let run = 0; run < 5; run++) {
      pipelineRuns.push(
        await seconds(async () => {
          const batch = await prepareBatch(sampleCredentials(n));
          finalizeBatch(batch, ANCHOR, { created: '2025-02-01T00:00:00Z' });
        }),
      );
      rawRuns.push(
        await seconds(async () => {
          for (const c of credentials) sha256Hex(await canonicalize(c));
        }),
      );
    }
    const pipeline = median(pipelineRuns);
    const raw = median(rawRuns);
    const p = n / pipeline;
    const r = n / raw;
    console.log(
      `  ${String(n).padStart(5)}  ${p.toFixed(0).padStart(16)}  ${r.toFixed(0).padStart(25)}  ${(p / r).toFixed(2).padStart(5)}`,
    );
  }
};
