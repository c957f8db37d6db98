import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchResponse, type BatchView } from '@proofmark/shared/contract/batches';
import { generateKeyResponse } from '@proofmark/shared/contract/keys';
import { transactionsResponse } from '@proofmark/shared/contract/transactions';
import {
  chainResolver,
  createEvmRpcLookup,
  decodeProofValue,
  encodeProofValue,
  unbakePng,
  unbakeSvg,
  verifyCredential,
} from '@proofmark/shared/blockcerts/index';
import { verifyWithBlockcerts } from '../support/official-verifier';
import { api, clients, cloud, eventually } from './helpers';
import { engine } from './engine';
import { registeredAdmin } from './accounts';
import { storeOf } from './store-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(cloud().endpoints.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
/** Transactions on the chain that carry this Merkle root (a published batch has one). */
const txsCarrying = async (merkleRoot: string | undefined) => {
  expect(merkleRoot).toMatch(/^[0-9a-f]{64}$/);
  const latest = Number(await rpc('eth_blockNumber', []));
  const hits: { hash: string; nonce: string; from: string }[] = [];
  for (let n = 0; n <= latest; n++) {
    const block = (await rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])) as {
      transactions: { input: string; hash: string; nonce: string; from: string }[];
    };
    hits.push(...block.transactions.filter((t) => t.input === `0x${merkleRoot}`));
  }
  return hits;
};

/** The official verifier reads a status list through an explorer that wants it confirmed by a later block. */
const officialVerifier = async (credential: unknown) => {
  await rpc('evm_mine', []);
  return verifyWithBlockcerts(credential as object, { rpcUrl: cloud().endpoints.chain });
};

const ourVerifier = (credential: unknown) =>
  verifyCredential(credential, {
    fetch: (url) => fetch(url),
    chains: chainResolver({
      'eth:sepolia': createEvmRpcLookup({ rpcUrl: cloud().endpoints.chain, fetch: (u, i) => fetch(u, i) }),
    }),
  });

const recipients = [
  {
    name: 'Marie Curie',
    email: 'marie@example.test',
    publicKey: '0x1111111111111111111111111111111111111111',
  },
  { name: 'Alan Turing', email: 'alan@example.test' },
  {
    name: 'Emmy Noether',
    email: 'emmy@example.test',
    displayHtml: '<h1>Medal</h1><p>Emmy Noether — नमस्ते</p>',
  },
];

// The engine is driven directly (./engine.ts): these payloads are the engine's, not the workspace's.
const issue = async (admin: Admin, body: unknown) => (await engine()).issue(admin.orgId, body);

const published = (admin: Admin, id: string) =>
  eventually(async () => {
    const b = batchResponse.parse((await api('GET', `/api/batches/${id}`, { token: admin.token })).body).Data;
    return b.state === 'published' ? b : undefined;
  }, 90_000);

describe('issuing a batch through the anchoring job', () => {
  let admin: Admin;
  let address: string;
  let batch: BatchView;
  let credentials: Record<string, unknown>[];

  beforeAll(async () => {
    admin = await registeredAdmin();
    await expect(issue(admin, { certificate: { name: 'Degree' }, recipients })).rejects.toThrow(
      /Generate a key pair/,
    );

    const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
    expect(key.status).toBe(201);
    address = generateKeyResponse.parse(key.body).Data.publickey;
    batch = await published(
      admin,
      (
        await issue(admin, {
          certificate: { name: 'Bachelor of Science', description: 'Awarded with honours' },
          recipients,
        })
      ).id,
    );
    credentials = await Promise.all(
      batch.credentials.map(async (c) => (await fetch(c.url)).json() as Promise<Record<string, unknown>>),
    );
  });

  it('never returns the private key, and funds the new address on the dev chain', async () => {
    const listed = await api('GET', '/api/keys', { token: admin.token });
    expect(JSON.stringify(listed.body)).not.toMatch(/private|secret|0x[0-9a-f]{64}\b/i);
    expect(BigInt(String(await rpc('eth_getBalance', [address, 'latest'])))).toBeGreaterThan(0n);
    const estimate = await api<{ display: string }>('GET', '/api/keys/estimate?blockchain=ethereum', {
      token: admin.token,
    });
    expect(estimate.body.Data?.display).toMatch(/ETH$/);
  });

  it('anchors one transaction per batch and publishes every credential, which verifies', async () => {
    expect(batch.count).toBe(3);
    expect(batch.txId).toMatch(/^0x[0-9a-f]{64}$/);
    const hits = await txsCarrying(batch.merkleRoot);
    expect(
      hits.map((h) => [h.hash, h.nonce, h.from]),
      JSON.stringify(hits.map((h) => [h.hash, h.nonce, h.from])),
    ).toHaveLength(1);
    const tx = (await rpc('eth_getTransactionByHash', [batch.txId])) as {
      input: string;
      to: string;
      from: string;
    };
    expect(tx.input).toBe(`0x${batch.merkleRoot}`);
    expect(tx.to).toBe('0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead');
    expect(tx.from.toLowerCase()).toBe(address.toLowerCase());

    for (const credential of credentials) {
      const result = await ourVerifier(credential);
      expect(result.status, JSON.stringify(result.steps)).toBe('verified');
      const official = await officialVerifier(credential);
      expect(official.status, JSON.stringify(official.steps)).toBe('verified');
    }
    expect((credentials[0]!.credentialSubject as { publicKey?: string }).publicKey).toBe(
      'ecdsa-koblitz-pubkey:0x1111111111111111111111111111111111111111',
    );
  });

  it('lists the anchoring transactions as receipts, newest first', async () => {
    const receipts = transactionsResponse.parse(
      (await api('GET', '/api/transactions', { token: admin.token })).body,
    ).Data;
    const mine = receipts.find((r) => r.batchId === batch.id);
    expect(mine).toMatchObject({
      kind: 'credentials',
      count: 3,
      state: 'published',
      txId: batch.txId,
      network: 'sepolia',
    });
    expect(receipts.filter((r) => r.kind === 'statuslist').length).toBeGreaterThanOrEqual(2);
    expect([...receipts].sort((x, y) => y.createdAt.localeCompare(x.createdAt))).toEqual(receipts);
  });

  it('serves the issuer profile and revocation list with CORS, tolerating ?assertionId=', async () => {
    const profileUrl = String(credentials[0]!.issuer);
    const profile = await fetch(profileUrl);
    expect(profile.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await profile.json()) as {
      publicKey: { id: string }[];
      revocationList: string;
      introductionURL: string;
    };
    expect(doc.publicKey.map((k) => k.id.toLowerCase())).toContain(
      `ecdsa-koblitz-pubkey:${address.toLowerCase()}`,
    );
    const list = await fetch(
      `${doc.revocationList}?assertionId=${encodeURIComponent(String(credentials[0]!.id))}`,
    );
    expect(list.status).toBe(200);
    expect(doc.introductionURL).toMatch(/\/api\/public\/issuers\/.+\/introduce$/);
  });

  it('catches a changed character', async () => {
    const tampered = structuredClone(credentials[1]!);
    (tampered.credentialSubject as { name: string }).name = 'Alan Turinh';
    const result = await ourVerifier(tampered);
    expect(result.status).toBe('tampered');
    expect(result.failedStep).toBe('localHash');
    const official = await officialVerifier(tampered);
    expect(official.status).toBe('failure');
    expect(official.failedStep).toBe('compareHashes');
  });

  /** The same credential, claiming another anchoring transaction. */
  const reanchored = (credential: Record<string, unknown>, txId: string) => {
    const copy = structuredClone(credential) as Record<string, unknown> & { proof: { proofValue: string } };
    const value = decodeProofValue(copy.proof.proofValue);
    copy.proof.proofValue = encodeProofValue({ ...value, anchors: [`blink:eth:sepolia:${txId}`] });
    return copy;
  };

  it('fails a credential whose transaction the chain does not know', async () => {
    const unknown = reanchored(credentials[0]!, `0x${'ab'.repeat(32)}`);
    const ours = await ourVerifier(unknown);
    expect([ours.status, ours.failedStep]).toEqual(['failed', 'anchor']);
    const official = await officialVerifier(unknown);
    expect(official.failedStep).toBe('fetchRemoteHash');
  });

  it('fails a batch anchored from an address that is not in the issuer profile', async () => {
    // The very same Merkle root, sent by a dev account that is not one of the issuer's keys.
    const [stranger] = (await rpc('eth_accounts', [])) as string[];
    const txId = (await rpc('eth_sendTransaction', [
      {
        from: stranger,
        to: '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead',
        value: '0x0',
        data: `0x${batch.merkleRoot}`,
      },
    ])) as string;
    const forged = reanchored(credentials[0]!, txId);
    const ours = await ourVerifier(forged);
    expect([ours.status, ours.failedStep]).toEqual(['failed', 'issuerKey']);
    const official = await officialVerifier(forged);
    expect(official.failedStep).toBe('checkAuthenticity');
  });

  it('shows a held credential as suspended until it is unheld', async () => {
    const id = String(credentials[1]!.id);
    const followList = async (held: boolean) => {
      const edition = await (await engine()).hold(admin.orgId, [id], held);
      expect(edition.state).not.toBe('published');
      await published(admin, edition.id);
    };
    await followList(true);
    expect((await ourVerifier(credentials[1])).status).toBe('suspended');
    const official = await officialVerifier(credentials[1]);
    expect(official.failedStep).toBe('checkRevokedStatus');
    expect(official.message).toMatch(/suspended/);
    expect((await ourVerifier(credentials[0])).status).toBe('verified');

    await followList(false);
    expect((await ourVerifier(credentials[1])).status).toBe('verified');
    expect((await officialVerifier(credentials[1])).status).toBe('verified');
  });

  it('produces exactly one transaction for a redelivered and concurrently delivered anchoring message', async () => {
    const { sqs } = clients();
    const second = await issue(admin, {
      certificate: { name: 'Transcript' },
      recipients: recipients.slice(0, 2),
    });
    const message = JSON.stringify({ orgId: orgIdOf(admin), batchId: second.id });
    await Promise.all(
      [1, 2, 3].map(() =>
        sqs.send(
          new SendMessageCommand({ QueueUrl: cloud().resources.queueUrls.anchor, MessageBody: message }),
        ),
      ),
    );
    const done = await published(admin, second.id);
    await sqs.send(
      new SendMessageCommand({ QueueUrl: cloud().resources.queueUrls.anchor, MessageBody: message }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(await txsCarrying(done.merkleRoot)).toHaveLength(1);
    expect((await published(admin, second.id)).txId).toBe(done.txId);
  });

  it('builds a batch once per request id, however many deliveries build it at once', async () => {
    const orgRow = { pk: `ORG#${orgIdOf(admin)}`, sk: 'ORG' };
    const nextIndex = async () =>
      Number(
        (
          await clients().dynamo.send(
            new GetCommand({ TableName: cloud().resources.tableName, Key: orgRow, ConsistentRead: true }),
          )
        ).Item!.statusListNext,
      );
    const before = await nextIndex();
    const requestId = randomUUID();
    const body = { certificate: { name: 'Diploma' }, recipients: recipients.slice(0, 2) };
    const { issueAs } = await engine();
    const built = await Promise.all([1, 2, 3].map(() => issueAs(admin.orgId, body, requestId)));
    expect(built.map((b) => b.id)).toEqual([requestId, requestId, requestId]);
    // One build reserved status indices: each further build would have reserved two more.
    expect(await nextIndex()).toBe(before + 2);
    const done = await published(admin, requestId);
    expect(await txsCarrying(done.merkleRoot)).toHaveLength(1);
    expect((await issueAs(admin.orgId, body, requestId)).id).toBe(requestId);
    expect(await nextIndex()).toBe(before + 2);
  });

  it('puts a revoked credential on the list every verifier reads', async () => {
    const id = String(credentials[2]!.id);
    const revoked = await (await engine()).revoke(admin.orgId, [id], 'Issued in error');
    await published(admin, revoked.id);
    const result = await ourVerifier(credentials[2]);
    expect(result.status).toBe('revoked');
    const official = await officialVerifier(credentials[2]);
    expect(official.failedStep).toBe('checkRevokedStatus');
    expect(official.message).toMatch(/revoked/);
    expect((await ourVerifier(credentials[0])).status).toBe('verified');
  });
});

/** The organisation id is in the ID token's claims. */
const orgIdOf = (admin: Admin) => admin.orgId;

describe('Blockcerts Wallet introduction', () => {
  it('binds a single-use code to one recipient row and stores the address', async () => {
    const admin = await registeredAdmin();
    const orgId = orgIdOf(admin);
    const me = await api<{ organization_verify_uri: string }>('GET', '/api/auth/me', { token: admin.token });
    const slug = me.body.Data!.organization_verify_uri.split('/').pop()!;
    const { dynamo } = clients();
    const row = { pk: `ORG#${orgId}#COH#c1`, sk: 'CT#degree#R#s1' };
    await dynamo.send(
      new PutCommand({ TableName: cloud().resources.tableName, Item: { ...row, status: 'Invite pending' } }),
    );
    const nonce = `code-${Date.now()}`;
    const { oneTimeCodes } = await storeOf();
    await oneTimeCodes()
      .put({ code: nonce, orgId, recipientPk: row.pk, recipientSk: row.sk, createdAt: new Date().toISOString() })
      .go();

    const url = `/api/public/issuers/${slug}/introduce`;
    const wrong = await api('POST', url, {
      body: { bitcoinAddress: '0x2222222222222222222222222222222222222222', nonce: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid nonce');
    const ok = await api('POST', url, {
      body: {
        bitcoinAddress: 'ecdsa-koblitz-pubkey:0x2222222222222222222222222222222222222222',
        nonce,
        email: 'x@example.test',
      },
    });
    expect(ok.status).toBe(200);
    const again = await api('POST', url, {
      body: { bitcoinAddress: '0x3333333333333333333333333333333333333333', nonce },
    });
    expect(again.body.message).toBe('Invalid nonce');
    const { Item } = await dynamo.send(new GetCommand({ TableName: cloud().resources.tableName, Key: row }));
    expect(Item).toMatchObject({
      publicKey: '0x2222222222222222222222222222222222222222',
      status: 'PK received',
    });
  });
});

describe('Open Badges 3.0', () => {
  it('issues OpenBadgeCredentials with a Merkle and an eddsa-rdfc-2022 proof, baked into PNG and SVG', async () => {
    const admin = await registeredAdmin();
    await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
    const made = await issue(admin, {
      certificate: { type: 'openbadges', name: 'Team Player', description: 'Led a project team' },
      recipients: [{ name: 'Ada', email: 'ada@example.test' }],
    });
    const done = await published(admin, made.id);
    const [entry] = done.credentials;
    const badge = (await (await fetch(entry!.url)).json()) as {
      type: string[];
      proof: { cryptosuite: string }[];
    };
    expect(badge.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(badge.proof.map((p) => p.cryptosuite)).toEqual(['merkle-proof-2019', 'eddsa-rdfc-2022']);
    expect((await ourVerifier(badge)).status).toBe('verified');

    const png = new Uint8Array(await (await fetch(entry!.bakedPng!)).arrayBuffer());
    expect(JSON.parse(unbakePng(png, 'ob3')!)).toEqual(badge);
    const svg = await (await fetch(entry!.bakedSvg!)).text();
    expect(JSON.parse(unbakeSvg(svg, 'ob3')!)).toEqual(badge);
  });
});

describe("the organisation's logo", () => {
  it('is the issuer profile image and shows on the certificate', async () => {
    const admin = await registeredAdmin();
    // A 1×1 PNG.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(
      (
        await api('POST', '/api/profile/logo', {
          token: admin.token,
          body: { value: `data:image/png;base64,${png}` },
        })
      ).status,
    ).toBe(200);
    await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
    const made = await issue(admin, { certificate: { name: 'Diploma' }, recipients: [{ name: 'Ada' }] });
    const done = await published(admin, made.id);
    const credential = (await (await fetch(done.credentials[0]!.url)).json()) as {
      issuer: string;
      display: { content: string };
    };
    const profile = (await (await fetch(credential.issuer)).json()) as { image: string };
    expect(profile.image).toMatch(/\/public\/issuers\/.+\/logo\.png$/);
    expect(Buffer.from(await (await fetch(profile.image)).arrayBuffer()).toString('base64')).toBe(png);
    expect(credential.display.content).toContain(`src="${profile.image}"`);
  });
});

describe('Bitcoin issuing keys', () => {
  it('makes a segwit address listed in the issuer profile; anchoring says clearly that Bitcoin is not configured here', async () => {
    const admin = await registeredAdmin();
    const eth = generateKeyResponse.parse(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).body,
    ).Data;
    const btc = generateKeyResponse.parse(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'bitcoin' } })).body,
    ).Data;
    expect(btc.publickey).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(btc.fragment).toBe('btc-key-1');
    expect(eth.fragment).toBe('key-1');
    await expect(
      issue(admin, { blockchain: 'bitcoin', certificate: { name: 'Degree' }, recipients: [{ name: 'Ada' }] }),
    ).rejects.toThrow('Anchoring on Bitcoin is not configured for this deployment.');
    const slug = admin.session.organization_verify_uri.split('/').pop();
    const profile = (await (await fetch(`${cloud().appUrl}/public/issuers/${slug}/profile.json`)).json()) as {
      publicKey: { id: string }[];
    };
    expect(profile.publicKey.map((k) => k.id)).toContain(`ecdsa-koblitz-pubkey:${btc.publickey}`);
  });
});
