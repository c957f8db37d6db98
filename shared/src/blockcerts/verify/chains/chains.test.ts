import { describe, expect, it } from 'vitest';
import { createEvmRpcLookup } from './evm-rpc';
import { createEsploraLookup, opReturnPayload } from './esplora';
import { chainResolver } from './resolver';
import type { FetchLike } from '../types';
import { parseAnchor } from '../../anchor';

const ROOT = '0932f1d2e98219f7d7452801e2b64ebd9e5c005539db12d9b1ddabe7834d9044';
const ETH_ANCHOR = parseAnchor(`blink:eth:sepolia:0x${'12'.repeat(32)}`);
const BTC_ANCHOR = parseAnchor(`blink:btc:mainnet:${'34'.repeat(32)}`);

function jsonRpcServer(handlers: Record<string, (params: unknown[]) => unknown>) {
  const calls: { method: string; params: unknown[] }[] = [];
  const fetch: FetchLike = async (_url, init) => {
    const { method, params, id } = JSON.parse(init!.body!);
    calls.push({ method, params });
    const handler = handlers[method];
    const body = handler
      ? { jsonrpc: '2.0', id, result: handler(params) }
      : { jsonrpc: '2.0', id, error: { code: -32601, message: 'no such method' } };
    return { ok: true, status: 200, json: async () => body };
  };
  return { fetch, calls };
}

describe('EVM JSON-RPC lookup', () => {
  it('reads payload, sender and block time', async () => {
    const server = jsonRpcServer({
      eth_getTransactionByHash: () => ({
        from: '0xAbC0000000000000000000000000000000000001',
        input: `0x${ROOT.toUpperCase()}`,
        blockNumber: '0x10',
      }),
      eth_getBlockByNumber: () => ({ timestamp: '0x67a5ee00' }),
    });
    const record = await createEvmRpcLookup({ rpcUrl: 'http://127.0.0.1:8545', fetch: server.fetch }).lookup(
      ETH_ANCHOR,
    );
    expect(record).toEqual({
      data: ROOT,
      from: '0xAbC0000000000000000000000000000000000001',
      blockTime: new Date(0x67a5ee00 * 1000),
    });
    expect(server.calls).toEqual([
      { method: 'eth_getTransactionByHash', params: [ETH_ANCHOR.txId] },
      { method: 'eth_getBlockByNumber', params: ['0x10', false] },
    ]);
  });

  it('unknown and pending transactions are not found', async () => {
    const unknown = jsonRpcServer({ eth_getTransactionByHash: () => null });
    expect(await createEvmRpcLookup({ rpcUrl: 'x', fetch: unknown.fetch }).lookup(ETH_ANCHOR)).toBeNull();
    const pending = jsonRpcServer({
      eth_getTransactionByHash: () => ({ from: '0x1', input: '0x', blockNumber: null }),
    });
    expect(await createEvmRpcLookup({ rpcUrl: 'x', fetch: pending.fetch }).lookup(ETH_ANCHOR)).toBeNull();
  });

  it('throws on RPC errors and HTTP failures', async () => {
    const broken = jsonRpcServer({});
    await expect(createEvmRpcLookup({ rpcUrl: 'x', fetch: broken.fetch }).lookup(ETH_ANCHOR)).rejects.toThrow(
      /no such method/,
    );
    const down: FetchLike = async () => ({ ok: false, status: 502, json: async () => ({}) });
    await expect(createEvmRpcLookup({ rpcUrl: 'x', fetch: down }).lookup(ETH_ANCHOR)).rejects.toThrow(/502/);
  });
});

describe('Esplora lookup', () => {
  const tx = {
    vin: [{ prevout: { scriptpubkey_address: '1BPQXndcz5Uf3qZQkgnvJC87LUD5n7a2mC' } }],
    vout: [
      { scriptpubkey_type: 'p2pkh', scriptpubkey: '76a914' },
      { scriptpubkey_type: 'op_return', scriptpubkey: `6a20${ROOT}` },
    ],
    status: { confirmed: true, block_time: 1700000000 },
  };
  const serve = (status: number, body: unknown): { fetch: FetchLike; urls: string[] } => {
    const urls: string[] = [];
    return {
      urls,
      fetch: async (url) => (urls.push(url), { ok: status < 400, status, json: async () => body }),
    };
  };

  it('reads the OP_RETURN payload, first input address and block time', async () => {
    const server = serve(200, tx);
    const record = await createEsploraLookup({
      baseUrl: 'https://esplora.example/api/',
      fetch: server.fetch,
    }).lookup(BTC_ANCHOR);
    expect(record).toEqual({
      data: ROOT,
      from: '1BPQXndcz5Uf3qZQkgnvJC87LUD5n7a2mC',
      blockTime: new Date(1700000000 * 1000),
    });
    expect(server.urls).toEqual([`https://esplora.example/api/tx/${BTC_ANCHOR.txId}`]);
  });

  it('unknown and unconfirmed transactions are not found; server errors throw', async () => {
    expect(
      await createEsploraLookup({ baseUrl: 'x', fetch: serve(404, {}).fetch }).lookup(BTC_ANCHOR),
    ).toBeNull();
    expect(
      await createEsploraLookup({
        baseUrl: 'x',
        fetch: serve(200, { ...tx, status: { confirmed: false } }).fetch,
      }).lookup(BTC_ANCHOR),
    ).toBeNull();
    await expect(
      createEsploraLookup({ baseUrl: 'x', fetch: serve(500, {}).fetch }).lookup(BTC_ANCHOR),
    ).rejects.toThrow(/500/);
  });

  it('parses direct and PUSHDATA1 OP_RETURN scripts', () => {
    expect(opReturnPayload(`6a20${ROOT}`)).toBe(ROOT);
    expect(opReturnPayload(`6a4c20${ROOT}`)).toBe(ROOT);
    expect(opReturnPayload('76a914')).toBe('');
  });
});

describe('chainResolver', () => {
  it('picks a lookup by chain and network', () => {
    const lookup = { lookup: async () => null };
    const resolve = chainResolver({ 'eth:sepolia': lookup });
    expect(resolve(ETH_ANCHOR)).toBe(lookup);
    expect(resolve(BTC_ANCHOR)).toBeUndefined();
  });
});
