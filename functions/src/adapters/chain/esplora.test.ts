import { describe, expect, it } from 'vitest';
import { createEsploraClient, EsploraError, isAlreadyKnownAnswer, type FetchLike } from './esplora';

const BASE = 'https://esplora.test/api';
const TXID = 'ab'.repeat(32);

interface Call {
  method: string;
  url: string;
  body?: string;
  headers?: Record<string, string>;
  hasSignal: boolean;
}

/** An in-memory server: answers from a route table keyed by "METHOD path" and records every request. */
const fakeServer = (routes: Record<string, { status?: number; body: string }>) => {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      body: init?.body as string | undefined,
      headers: init?.headers as Record<string, string> | undefined,
      hasSignal: init?.signal instanceof AbortSignal,
    });
    const route = routes[`${method} ${url.slice(BASE.length)}`];
    return route
      ? new Response(route.body, { status: route.status ?? 200 })
      : new Response('Not Found', { status: 404 });
  };
  return { fetch, calls };
};

describe('Esplora client: reads', () => {
  it('lists UTXOs with a GET on /address/:addr/utxo, whatever the trailing slash of the base URL', async () => {
    const utxos = [{ txid: TXID, vout: 1, value: 5000, status: { confirmed: true, block_height: 7 } }];
    const server = fakeServer({ 'GET /address/tb1qexample/utxo': { body: JSON.stringify(utxos) } });
    const client = createEsploraClient({ baseUrl: `${BASE}/`, fetch: server.fetch });
    expect(await client.utxos('tb1qexample')).toEqual(utxos);
    expect(server.calls).toEqual([
      {
        method: 'GET',
        url: `${BASE}/address/tb1qexample/utxo`,
        body: undefined,
        headers: undefined,
        hasSignal: true,
      },
    ]);
  });

  it('reads a raw transaction, or undefined when the server does not know it', async () => {
    const server = fakeServer({ [`GET /tx/${TXID}/hex`]: { body: '0200abcd\n' } });
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    expect(await client.txHex(TXID)).toBe('0200abcd');
    expect(await client.txHex('cd'.repeat(32))).toBeUndefined();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${BASE}/tx/${TXID}/hex`,
      `GET ${BASE}/tx/${'cd'.repeat(32)}/hex`,
    ]);
  });

  it('reads a transaction status, the tip height and the fee estimates', async () => {
    const status = {
      confirmed: true,
      block_height: 100,
      block_hash: '00'.repeat(32),
      block_time: 1_700_000_000,
    };
    const server = fakeServer({
      [`GET /tx/${TXID}/status`]: { body: JSON.stringify(status) },
      'GET /blocks/tip/height': { body: '105' },
      'GET /fee-estimates': { body: '{"1":20.5,"6":10.1,"144":1.0}' },
    });
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    expect(await client.txStatus(TXID)).toEqual(status);
    expect(await client.txStatus('cd'.repeat(32))).toBeUndefined();
    expect(await client.tipHeight()).toBe(105);
    expect(await client.feeEstimates()).toEqual({ '1': 20.5, '6': 10.1, '144': 1 });
  });

  it('refuses a malformed txid before sending anything (it would become part of the URL)', async () => {
    const server = fakeServer({});
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    await expect(client.txStatus('../address/x')).rejects.toThrow(/Not a transaction id/);
    expect(server.calls).toEqual([]);
  });
});

describe('Esplora client: errors name the URL and status', () => {
  it('reports an HTTP error with method, URL, status and the body', async () => {
    const server = fakeServer({ 'GET /fee-estimates': { status: 503, body: 'upstream busy' } });
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    const err = await client.feeEstimates().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EsploraError);
    expect((err as EsploraError).message).toBe(
      `Esplora GET ${BASE}/fee-estimates answered 503: upstream busy`,
    );
    expect(err).toMatchObject({ url: `${BASE}/fee-estimates`, status: 503, body: 'upstream busy' });
  });

  it('treats 404 as an error where "unknown" is not a possible answer', async () => {
    const client = createEsploraClient({ baseUrl: BASE, fetch: fakeServer({}).fetch });
    await expect(client.utxos('tb1qx')).rejects.toThrow(
      `Esplora GET ${BASE}/address/tb1qx/utxo answered 404: Not Found`,
    );
  });

  it('reports a body that is not JSON, and a tip height that is not a number', async () => {
    const server = fakeServer({
      'GET /fee-estimates': { body: '<html>' },
      'GET /blocks/tip/height': { body: 'soon' },
    });
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    await expect(client.feeEstimates()).rejects.toThrow(
      `Esplora GET ${BASE}/fee-estimates returned something other than JSON`,
    );
    await expect(client.tipHeight()).rejects.toThrow(`Esplora GET ${BASE}/blocks/tip/height returned "soon"`);
  });

  it('times out a request that does not answer, naming the URL', async () => {
    // Never answers; rejects only when the client's abort signal fires, as a real fetch does.
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    const client = createEsploraClient({ baseUrl: BASE, fetch: hanging, timeoutMs: 30 });
    await expect(client.tipHeight()).rejects.toThrow(
      `Esplora GET ${BASE}/blocks/tip/height timed out after 30 ms`,
    );
  });

  it('reports a network failure with the URL', async () => {
    const failing: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const client = createEsploraClient({ baseUrl: BASE, fetch: failing });
    await expect(client.tipHeight()).rejects.toThrow(
      `Esplora GET ${BASE}/blocks/tip/height failed: fetch failed`,
    );
  });
});

describe('Esplora client: broadcast', () => {
  it('POSTs the raw hex as text to /tx and returns the txid the server answers', async () => {
    const server = fakeServer({ 'POST /tx': { body: TXID } });
    const client = createEsploraClient({ baseUrl: BASE, fetch: server.fetch });
    expect(await client.broadcast('0200deadbeef')).toEqual({ txid: TXID, alreadyKnown: false });
    expect(server.calls).toEqual([
      {
        method: 'POST',
        url: `${BASE}/tx`,
        body: '0200deadbeef',
        headers: { 'content-type': 'text/plain' },
        hasSignal: true,
      },
    ]);
  });

  it.each([
    'sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}',
    'sendrawtransaction RPC error: {"code":-27,"message":"Transaction outputs already in utxo set"}',
    'sendrawtransaction RPC error: {"code":-26,"message":"txn-already-known"}',
    'sendrawtransaction RPC error: {"code":-26,"message":"txn-already-in-mempool"}',
    'Transaction already exists',
  ])('counts "%s" as success', async (answer) => {
    const client = createEsploraClient({
      baseUrl: BASE,
      fetch: fakeServer({ 'POST /tx': { status: 400, body: answer } }).fetch,
    });
    expect(await client.broadcast('0200')).toEqual({ alreadyKnown: true });
  });

  it('fails on any other rejection, including a conflicting spend', async () => {
    const answer = 'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}';
    expect(isAlreadyKnownAnswer(answer)).toBe(false);
    const client = createEsploraClient({
      baseUrl: BASE,
      fetch: fakeServer({ 'POST /tx': { status: 400, body: answer } }).fetch,
    });
    await expect(client.broadcast('0200')).rejects.toThrow(`Esplora POST ${BASE}/tx answered 400: ${answer}`);
  });

  it('fails when a 200 answer is not a txid', async () => {
    const client = createEsploraClient({
      baseUrl: BASE,
      fetch: fakeServer({ 'POST /tx': { body: 'ok' } }).fetch,
    });
    await expect(client.broadcast('0200')).rejects.toThrow(/answered 200 without a txid/);
  });
});
