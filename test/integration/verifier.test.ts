import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchView } from '@proofmark/shared/contract/batches';
import { certificateTypes } from '@proofmark/shared/certificate-types';
import { createEvmRpcLookup, verifyCredential, type FetchLike } from '@proofmark/shared/blockcerts/index';
import { api, clients, cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { issuedCertificates } from './workspace-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const relay = (network: string, body: unknown) =>
  api<{ jsonrpc: string; id: number; result?: unknown; error?: { message: string } }>(
    'POST',
    `/api/public/chain/${network}`,
    typeof body === 'string' ? { rawBody: body } : { body },
  );
const rpcCall = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: 7, method, params });

/** The chain itself (not the relay), to check that a refused call changed nothing. */
const chain = async (method: string, params: unknown[] = []) =>
  (
    (await (
      await fetch(cloud().endpoints.chain, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rpcCall(method, params)),
      })
    ).json()) as { result: unknown }
  ).result;

const slugOf = (admin: Admin) => admin.session.organization_verify_uri.split('/').pop()!;

/** One certificate for Grace Hopper, issued through the workspace. */
const issueOne = async (admin: Admin) =>
  (await issuedCertificates(admin, [{ id: 'G1', first: 'Grace', last: 'Hopper' }])).batch;

const orgRows = async (orgId: string, prefix: string) =>
  (
    await clients().dynamo.send(
      new QueryCommand({
        TableName: cloud().resources.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': prefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];
const verifiedCount = async (orgId: string) =>
  (await orgRows(orgId, 'STAT#')).reduce((n, row) => n + Number(row.verified ?? 0), 0);

describe('the chain relay of the public verifier', () => {
  let admin: Admin;
  let batch: BatchView;

  beforeAll(async () => {
    admin = await registeredAdmin();
    batch = await issueOne(admin);
  }, 300_000);

  it('answers the read-only lookups a verifier needs, without a login', async () => {
    const height = await relay('eth-sepolia', rpcCall('eth_blockNumber'));
    expect(height.status).toBe(200);
    expect(height.body.Data).toMatchObject({ jsonrpc: '2.0', id: 7 });
    expect(String(height.body.Data!.result)).toMatch(/^0x[0-9a-f]+$/);
    expect((await relay('eth-sepolia', rpcCall('eth_chainId'))).body.Data!.result).toBe(
      await chain('eth_chainId'),
    );

    const tx = await relay('eth-sepolia', rpcCall('eth_getTransactionByHash', [batch.txId]));
    expect(tx.status).toBe(200);
    expect(tx.body.Data!.result).toMatchObject({ hash: batch.txId, input: `0x${batch.merkleRoot}` });
    const receipt = await relay('eth-sepolia', rpcCall('eth_getTransactionReceipt', [batch.txId]));
    expect(receipt.body.Data!.result).toMatchObject({ transactionHash: batch.txId, status: '0x1' });
    const block = await relay('eth-sepolia', rpcCall('eth_getBlockByNumber', ['latest', false]));
    expect(block.body.Data!.result).toMatchObject({ number: expect.stringMatching(/^0x/) });
    // An unknown transaction is an answer (null), not an error.
    const none = await relay('eth-sepolia', rpcCall('eth_getTransactionByHash', [`0x${'ab'.repeat(32)}`]));
    expect([none.status, none.body.Data!.result]).toEqual([200, null]);
  });

  it('is what the shared verifier needs to verify a published certificate in a browser', async () => {
    const credential = (await (await fetch(batch.credentials[0]!.url)).json()) as object;
    // As the verifier page does: the relay's answer is the envelope's Data.
    const viaRelay: FetchLike = async (url, init) => {
      const res = await fetch(url, init);
      return {
        ok: res.ok,
        status: res.status,
        json: async () => ((await res.json()) as { Data: unknown }).Data,
      };
    };
    const result = await verifyCredential(credential, {
      fetch: (u, i) => fetch(u, i),
      chains: (anchor) =>
        createEvmRpcLookup({
          rpcUrl: `${cloud().appUrl}/api/public/chain/${anchor.chain}-${anchor.network}`,
          fetch: viaRelay,
        }),
    });
    expect(result.status, JSON.stringify(result.steps)).toBe('verified');
  });

  it('refuses every other method with 400, and the chain does not run it', async () => {
    const before = await chain('eth_blockNumber');
    const [from] = (await chain('eth_accounts')) as string[];
    const send = await relay(
      'eth-sepolia',
      rpcCall('eth_sendTransaction', [
        { from, to: '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead', value: '0x1' },
      ]),
    );
    expect(send.status).toBe(400);
    expect(send.body.message).toBe('Only read-only lookups of anchoring transactions are relayed.');
    for (const method of [
      'eth_accounts',
      'evm_mine',
      'eth_sendRawTransaction',
      'eth_getLogs',
      'eth_call',
      'debug_traceTransaction',
    ]) {
      const res = await relay('eth-sepolia', rpcCall(method, []));
      expect([method, res.status]).toEqual([method, 400]);
    }
    expect(await chain('eth_blockNumber')).toBe(before);
  });

  it('refuses a malformed body with 400', async () => {
    const bad: unknown[] = [
      'not json',
      '[]',
      JSON.stringify([rpcCall('eth_blockNumber')]), // JSON-RPC batches are not relayed
      { ...rpcCall('eth_getTransactionByHash', ['0x1234']) },
      { ...rpcCall('eth_getTransactionByHash', [batch.txId, 'extra']) },
      { ...rpcCall('eth_getBlockByNumber', ['latest', true]) }, // full blocks: too large
      { ...rpcCall('eth_blockNumber'), jsonrpc: '1.0' },
      { ...rpcCall('eth_blockNumber'), extra: 'field' },
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: [] }, // no id
    ];
    for (const body of bad) {
      const res = await relay('eth-sepolia', body);
      expect([body, res.status]).toEqual([body, 400]);
    }
    const huge = await relay('eth-sepolia', { ...rpcCall('eth_blockNumber'), id: 'x'.repeat(3000) });
    expect(huge.status).toBe(413);
  });

  it('reads only the networks this deployment anchors on', async () => {
    expect((await relay('eth-mainnet', rpcCall('eth_blockNumber'))).status).toBe(404);
    // Bitcoin has no Esplora API on one machine: the verifier page shows "could not check".
    expect((await relay('btc-testnet', rpcCall('esplora_getTransaction', ['ab'.repeat(32)]))).status).toBe(
      404,
    );
    expect((await relay('..%2Fetc', rpcCall('eth_blockNumber'))).status).toBe(400);
    // A Bitcoin call on an Ethereum network is refused.
    expect((await relay('eth-sepolia', rpcCall('esplora_getTransaction', ['ab'.repeat(32)]))).status).toBe(
      400,
    );
  });
});

describe('recording verifications for the dashboard', () => {
  let admin: Admin;
  let batch: BatchView;
  let credential: { id: string; issuer: string };

  beforeAll(async () => {
    admin = await registeredAdmin();
    batch = await issueOne(admin);
    credential = (await (await fetch(batch.credentials[0]!.url)).json()) as typeof credential;
  }, 300_000);

  it("records a verification on the organisation's page, with the published certificate's details, and counts it", async () => {
    const before = await verifiedCount(admin.orgId);
    const res = await api('POST', '/api/public/verifications', {
      body: {
        slug: slugOf(admin),
        credentialId: credential.id,
        issuer: credential.issuer,
        verdict: 'verified',
        method: 'id',
      },
    });
    expect(res.status).toBe(202);
    const rows = await orgRows(admin.orgId, 'VERIFY#');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'verification',
      credentialId: credential.id,
      verdict: 'verified',
      method: 'id',
      recipientName: 'Grace Hopper',
      certificateName: certificateTypes.find((t) => t.value === 'degree')!.label,
      transactionId: batch.txId,
    });
    expect(rows[0]!.sk).toMatch(/^VERIFY#\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/);
    expect(await verifiedCount(admin.orgId)).toBe(before + 1);
  });

  it('finds the organisation from the issuer on the generic page', async () => {
    const before = (await orgRows(admin.orgId, 'VERIFY#')).length;
    const res = await api('POST', '/api/public/verifications', {
      body: { credentialId: credential.id, issuer: credential.issuer, verdict: 'tampered', method: 'upload' },
    });
    expect(res.status).toBe(202);
    const rows = await orgRows(admin.orgId, 'VERIFY#');
    expect(rows).toHaveLength(before + 1);
    expect(rows.map((r) => r.verdict)).toContain('tampered');
  });

  it('takes no details from the caller and none for a credential the organisation never published', async () => {
    const before = (await orgRows(admin.orgId, 'VERIFY#')).length;
    const res = await api('POST', '/api/public/verifications', {
      body: {
        slug: slugOf(admin),
        credentialId: 'urn:uuid:00000000-0000-4000-8000-000000000000',
        verdict: 'failed',
        method: 'url',
      },
    });
    expect(res.status).toBe(202);
    const rows = await orgRows(admin.orgId, 'VERIFY#');
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.credentialId === 'urn:uuid:00000000-0000-4000-8000-000000000000')!;
    expect(row.recipientName).toBeUndefined();
    expect(row.transactionId).toBeUndefined();
  });

  it('answers the same for an unknown organisation and writes nothing', async () => {
    const rowsBefore = (await orgRows(admin.orgId, 'VERIFY#')).length;
    const countBefore = await verifiedCount(admin.orgId);
    const unknown = await api('POST', '/api/public/verifications', {
      body: { slug: 'nobody-000000', credentialId: credential.id, verdict: 'verified', method: 'id' },
    });
    expect(unknown.status).toBe(202);
    expect(unknown.body.message).toBe('Accepted');
    expect((await orgRows(admin.orgId, 'VERIFY#')).length).toBe(rowsBefore);
    expect(await verifiedCount(admin.orgId)).toBe(countBefore);
  });

  it('refuses a malformed record with 400 and writes nothing', async () => {
    const rowsBefore = (await orgRows(admin.orgId, 'VERIFY#')).length;
    const valid = { slug: slugOf(admin), credentialId: credential.id, verdict: 'verified', method: 'id' };
    const bad = [
      { ...valid, verdict: 'great' },
      { ...valid, method: 'carrier-pigeon' },
      { ...valid, credentialId: '' },
      { ...valid, credentialId: 'x'.repeat(201) },
      { ...valid, slug: '../etc' },
      { ...valid, recipientName: 'Injected Name' },
    ];
    for (const body of bad) {
      const res = await api('POST', '/api/public/verifications', { body });
      expect([body, res.status]).toEqual([body, 400]);
    }
    const huge = await api('POST', '/api/public/verifications', {
      body: { ...valid, issuer: 'x'.repeat(3000) },
    });
    expect(huge.status).toBe(413);
    expect((await orgRows(admin.orgId, 'VERIFY#')).length).toBe(rowsBefore);
  });
});
