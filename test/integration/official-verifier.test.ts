// Our certificates against the official Blockcerts verifier (cert-verifier-js), offline: an
// in-process ganache stands in for Sepolia and a small http server on 127.0.0.1 publishes the
// issuer profile and revocation list. Our own verifier checks the same certificates.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import { ethers } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCredential,
  buildIssuerProfile,
  buildRevocationList,
  buildStatusListCredential,
  Bitstring,
  chainResolver,
  createEvmRpcLookup,
  finalizeBatch,
  prepareBatch,
  verifyCredential,
  type VerificationResult,
} from '../../shared/src/blockcerts/index';
import { verifyWithBlockcerts, type OfficialVerificationResult } from '../support/official-verifier';

const DEAD = '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead';

let stopChain: () => Promise<void>;
let web: http.Server;
let rpcUrl: string;
let issuerUrl: string;
let revocationUrl: string;
let issuer: ethers.Wallet;
let stranger: ethers.Wallet; // funded, but not in the issuer profile
const documents = new Map<string, unknown>(); // path → JSON served by `web`
const timings: {
  case: string;
  officialMs: number;
  oursMs: number;
  officialStep?: string;
  ourStep?: string;
  officialMessage?: string;
}[] = [];

beforeAll(async () => {
  const chain = ganache.server({
    wallet: { deterministic: true, totalAccounts: 2 },
    chain: { chainId: 1337, networkId: 1337 },
    logging: { quiet: true },
    server: { ws: false },
    miner: { instamine: 'eager' },
  });
  await chain.listen(0, '127.0.0.1');
  stopChain = () => chain.close();
  rpcUrl = `http://127.0.0.1:${(chain.address() as AddressInfo).port}`;
  const [first, second] = Object.values(await chain.provider.getInitialAccounts());
  // cacheTimeout -1: back-to-back sends must not reuse a cached nonce.
  const provider = new ethers.JsonRpcProvider(rpcUrl, 1337, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  issuer = new ethers.Wallet(first!.secretKey, provider);
  stranger = new ethers.Wallet(second!.secretKey, provider);

  web = http.createServer((req, res) => {
    const body = documents.get(new URL(req.url!, 'http://x').pathname);
    res
      .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  issuerUrl = `${base}/issuer.json`;
  revocationUrl = `${base}/revocations.json`;
  documents.set(
    '/issuer.json',
    buildIssuerProfile({
      url: issuerUrl,
      name: 'Proofmark Test University',
      homepageUrl: 'https://example.edu',
      email: 'registrar@example.edu',
      // The key must exist strictly before the anchoring block (both verifiers check).
      keys: [
        { fragment: 'key-1', publicKey: issuer.signingKey.publicKey, created: new Date(Date.now() - 60_000) },
      ],
      revocationListUrl: revocationUrl,
    }),
  );
  publishRevocations([]);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => web?.close(resolve));
  await stopChain?.();
  if (timings.length) console.table(timings);
});

function publishRevocations(ids: string[]) {
  documents.set(
    '/revocations.json',
    buildRevocationList({
      url: revocationUrl,
      issuerProfileUrl: issuerUrl,
      revoked: ids.map((id) => ({ id })),
    }),
  );
}

function credentials(n: number, status?: { statusListCredential: string; statusListIndex: number }) {
  return Array.from({ length: n }, (_, i) =>
    buildCredential(
      { issuerProfileUrl: issuerUrl },
      { name: `Graduate ${i + 1}`, email: `graduate${i + 1}@example.org` },
      {
        name: 'Bachelor of Testing',
        description: 'Awarded for verifying offline',
        display: `<h1>Graduate ${i + 1}</h1>`,
        validFrom: new Date(Date.now() - 3_600_000),
        status,
      },
    ),
  );
}

/** prepareBatch → anchoring tx (value 0 to 0xdead…, data = root) → finalizeBatch. */
async function issueBatch(n: number, from: ethers.Wallet = issuer) {
  return anchor(credentials(n), from);
}

async function anchor<T extends { issuer: string }>(unsigned: T[], from: ethers.Wallet = issuer) {
  const batch = await prepareBatch(unsigned);
  const tx = await from.sendTransaction({ to: DEAD, value: 0, data: `0x${batch.merkleRoot}` });
  await tx.wait();
  return finalizeBatch(batch, `blink:eth:sepolia:${tx.hash}`);
}

const oursOptions = () => ({
  fetch: (url: string, init?: RequestInit) => fetch(url, init),
  chains: chainResolver({
    'eth:sepolia': createEvmRpcLookup({ rpcUrl, fetch: (url, init) => fetch(url, init) }),
  }),
});

/** Both verifiers on one certificate, timed. */
async function verifyBoth(
  label: string,
  certificate: object,
): Promise<{ official: OfficialVerificationResult; ours: VerificationResult }> {
  let t = performance.now();
  const official = await verifyWithBlockcerts(certificate, { rpcUrl });
  const officialMs = performance.now() - t;
  t = performance.now();
  const ours = await verifyCredential(certificate, oursOptions());
  timings.push({
    case: label,
    officialMs: Math.round(officialMs),
    oursMs: Math.round(performance.now() - t),
    officialStep: official.failedStep,
    ourStep: ours.failedStep,
    officialMessage: official.failedStep && official.message,
  });
  return { official, ours };
}

describe('official Blockcerts verifier (cert-verifier-js), offline', () => {
  let signed: Awaited<ReturnType<typeof issueBatch>>;

  beforeAll(async () => {
    signed = await issueBatch(3);
  });

  it('verifies every certificate of a batch anchored on the local chain as sepolia', async () => {
    for (const [i, certificate] of signed.entries()) {
      const { official, ours } = await verifyBoth(`batch member ${i + 1}`, certificate);
      expect(official, official.message).toMatchObject({ status: 'verified' });
      expect(official.steps.every((s) => s.status === 'success')).toBe(true);
      expect(ours.status).toBe('verified');
    }
  });

  it('fails a changed character at the hash comparison', async () => {
    const tampered = structuredClone(signed[0]!);
    tampered.credentialSubject.name = tampered.credentialSubject.name.replace('G', 'g');
    const { official, ours } = await verifyBoth('tampered', tampered);
    expect(official).toMatchObject({ status: 'failure', failedStep: 'compareHashes' });
    expect(ours).toMatchObject({ status: 'tampered', failedStep: 'localHash' });
  });

  it('reports a certificate listed in the revocation list as revoked', async () => {
    publishRevocations([signed[1]!.id]);
    try {
      const { official, ours } = await verifyBoth('revoked', signed[1]!);
      expect(official).toMatchObject({ status: 'failure', failedStep: 'checkRevokedStatus' });
      expect(ours).toMatchObject({ status: 'revoked', failedStep: 'revocation' });
      // The others in the batch are unaffected.
      expect((await verifyWithBlockcerts(signed[2]!, { rpcUrl })).status).toBe('verified');
    } finally {
      publishRevocations([]);
    }
  });

  it('fails a batch anchored from an address the issuer profile does not list', async () => {
    const [foreign] = await issueBatch(1, stranger);
    const { official, ours } = await verifyBoth('unknown issuing address', foreign!);
    expect(official).toMatchObject({ status: 'failure', failedStep: 'checkAuthenticity' });
    expect(ours).toMatchObject({ status: 'failed', failedStep: 'issuerKey' });
  });

  it('fails a certificate whose anchoring transaction does not exist', async () => {
    const batch = await prepareBatch(credentials(1));
    const [orphan] = finalizeBatch(batch, `blink:eth:sepolia:0x${'ab'.repeat(32)}`);
    const { official, ours } = await verifyBoth('unknown transaction', orphan!);
    expect(official).toMatchObject({ status: 'failure', failedStep: 'fetchRemoteHash' });
    expect(ours).toMatchObject({ status: 'failed', failedStep: 'anchor' });
  });

  it('treats an unreachable revocation list as not revoked (ours cannot check)', async () => {
    const list = documents.get('/revocations.json');
    documents.delete('/revocations.json');
    try {
      const { official, ours } = await verifyBoth('revocation list 404', signed[0]!);
      expect(official.status).toBe('verified'); // the official verifier's documented quirk
      expect(ours).toMatchObject({ status: 'could-not-check', failedStep: 'revocation' });
    } finally {
      documents.set('/revocations.json', list);
    }
  });

  it('reads a signed status list (suspension), but only without the multibase prefix', async () => {
    // The list is anchored before the certificates: the official verifier checks it through its
    // built-in Etherscan lookup, which wants one confirmation.
    const bits = new Bitstring();
    bits.set(5, true);
    for (const multibase of [false, true]) {
      const path = `/status-${multibase ? 'multibase' : 'plain'}.json`;
      const list = await buildStatusListCredential({
        url: issuerUrl.replace('/issuer.json', path),
        issuerProfileUrl: issuerUrl,
        bits,
        validFrom: new Date(Date.now() - 60_000),
        encode: { multibase },
      });
      documents.set(path, (await anchor([list]))[0]);
    }
    const slot = (path: string, statusListIndex: number) =>
      credentials(1, { statusListCredential: issuerUrl.replace('/issuer.json', path), statusListIndex })[0]!;
    const [plainClear, plainSet, prefixedClear] = await anchor([
      slot('/status-plain.json', 1),
      slot('/status-plain.json', 5),
      slot('/status-multibase.json', 1),
    ]);

    let { official, ours } = await verifyBoth('status list bit clear', plainClear!);
    expect(official.status, official.message).toBe('verified');
    expect(ours.status).toBe('verified');

    ({ official, ours } = await verifyBoth('status list bit set', plainSet!));
    expect(official).toMatchObject({
      status: 'failure',
      failedStep: 'checkRevokedStatus',
      message: 'This certificate has been suspended by the issuer.',
    });
    expect(ours).toMatchObject({ status: 'suspended', failedStep: 'suspension' });

    // encodedList "u…" (Bitstring Status List 1.0): cert-verifier-js gunzips it without removing
    // the prefix ("incorrect header check"), so every certificate on such a list fails there.
    ({ official, ours } = await verifyBoth('multibase status list', prefixedClear!));
    expect(official).toMatchObject({ status: 'failure', failedStep: 'checkRevokedStatus' });
    expect(official.log.join('\n')).toContain('incorrect header check');
    expect(ours.status).toBe('verified');
  });

  it('serves documents through fetchDocument when given, and refuses hosts other than 127.0.0.1', async () => {
    const realFetch = globalThis.fetch;
    const asked: string[] = [];
    const viaCallback = await verifyWithBlockcerts(signed[0]!, {
      rpcUrl,
      fetchDocument: async (url) => {
        asked.push(url);
        return documents.get(new URL(url).pathname);
      },
    });
    expect(viaCallback.status).toBe('verified');
    // Asked with the http URLs as published (the verifier itself asks for https).
    expect(asked).toEqual([issuerUrl, `${revocationUrl}?assertionId=${encodeURIComponent(signed[0]!.id)}`]);

    // A profile that cannot be fetched stops the verifier before its steps run.
    const noProfile = await verifyWithBlockcerts(signed[0]!, {
      rpcUrl,
      fetchDocument: async () => undefined,
    });
    expect(noProfile).toMatchObject({
      status: 'failure',
      failedStep: 'init',
      message: 'Unable to get issuer profile',
    });

    const elsewhere = structuredClone(signed[0]!);
    elsewhere.issuer = 'https://certs.example.edu/issuer.json';
    await expect(verifyWithBlockcerts(elsewhere, { rpcUrl })).rejects.toThrow(
      /tried to reach the network: https:\/\/certs\.example\.edu\/issuer\.json/,
    );
    // A context the verifier does not bundle would be fetched by its JSON-LD loader: refused too.
    const extraContext = structuredClone(signed[0]!);
    extraContext['@context'].push('https://example.org/context.json');
    await expect(verifyWithBlockcerts(extraContext, { rpcUrl })).rejects.toThrow(
      /tried to reach the network: https:\/\/example\.org\/context\.json/,
    );
    expect(globalThis.fetch).toBe(realFetch); // globals restored
  });
});
