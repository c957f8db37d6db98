// Our verifier beside the official Blockcerts verifier (cert-verifier-js), per certificate, on the
// same certificates in the same run: an in-process ganache and a 127.0.0.1 file server stand in for
// the chain and the issuer's documents, so nothing leaves the machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import { ethers } from 'ethers';
import {
  buildIssuerProfile,
  buildRevocationList,
  chainResolver,
  createEvmRpcLookup,
  finalizeBatch,
  prepareBatch,
  verificationSession,
  verifyCredential,
} from '@proofmark/shared/blockcerts/index';
import { verifyWithBlockcerts } from '../support/official-verifier';
import { sampleCredentials } from './credential-engine';

const perCertMs = async (certs: object[], verify: (c: object) => Promise<{ status: string }>) => {
  const start = performance.now();
  for (const c of certs) {
    const r = await verify(c);
    if (r.status !== 'verified')
      throw new Error(`a benchmark certificate did not verify: ${JSON.stringify(r).slice(0, 300)}`);
  }
  return (performance.now() - start) / certs.length;
};

export const benchVerifiers = async (n = 100) => {
  const chain = ganache.server({
    wallet: { deterministic: true, totalAccounts: 1 },
    chain: { chainId: 1337 },
    logging: { quiet: true },
    miner: { instamine: 'eager' },
  });
  await chain.listen(0, '127.0.0.1');
  const rpcUrl = `http://127.0.0.1:${(chain.address() as AddressInfo).port}`;
  const docs = new Map<string, unknown>();
  const web = http.createServer((req, res) => {
    const body = docs.get(new URL(req.url!, 'http://x').pathname);
    res
      .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  try {
    const [account] = Object.values(await chain.provider.getInitialAccounts());
    const wallet = new ethers.Wallet(
      account!.secretKey,
      new ethers.JsonRpcProvider(rpcUrl, 1337, { staticNetwork: true, cacheTimeout: -1 }),
    );
    docs.set(
      '/issuer.json',
      buildIssuerProfile({
        url: `${base}/issuer.json`,
        name: 'Bench University',
        homepageUrl: 'https://example.edu',
        email: 'r@example.edu',
        keys: [
          {
            fragment: 'key-1',
            publicKey: wallet.signingKey.publicKey,
            created: new Date(Date.now() - 60_000),
          },
        ],
        revocationListUrl: `${base}/revocations.json`,
      }),
    );
    docs.set(
      '/revocations.json',
      buildRevocationList({
        url: `${base}/revocations.json`,
        issuerProfileUrl: `${base}/issuer.json`,
        revoked: [],
      }),
    );

    const unsigned = sampleCredentials(n).map((c) => ({ ...c, issuer: `${base}/issuer.json` }));
    const batch = await prepareBatch(unsigned);
    const tx = await wallet.sendTransaction({
      to: '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead',
      value: 0,
      data: `0x${batch.merkleRoot}`,
    });
    await tx.wait();
    const certs = finalizeBatch(batch, `blink:eth:sepolia:${tx.hash}`);

    // As the verifier page checks a batch: one session shares the issuer's documents and the anchor.
    const session = verificationSession({
      fetch: (u, i) => fetch(u, i),
      chains: chainResolver({
        'eth:sepolia': createEvmRpcLookup({ rpcUrl, fetch: (u, i) => fetch(u, i) }),
      }),
    });
    const ours = (c: object) => verifyCredential(c, session);
    const official = (c: object) => verifyWithBlockcerts(c, { rpcUrl });
    // One warm-up each: both load contexts and compile on first use.
    await ours(certs[0]!);
    await official(certs[0]!);
    const oursMs = await perCertMs(certs, ours);
    const officialMs = await perCertMs(certs, official);
    console.log(`\nVerification, ${n} certificates of one batch (per certificate)`);
    console.log(`  our verifier:        ${oursMs.toFixed(1)} ms`);
    console.log(`  cert-verifier-js:    ${officialMs.toFixed(1)} ms`);
    console.log(`  ratio:               ${(oursMs / officialMs).toFixed(2)}  (goal ≤ 0.50)`);
  } finally {
    await new Promise((r) => web.close(r));
    await chain.close();
  }
};
