import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NETWORK, p2pkh, p2wpkh, Script, SigHash, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { createBitcoinAdapter } from './bitcoin';
import { DUST_LIMIT_SAT, estimateVsize, pickFeeRate, selectCoins } from './bitcoin-fees';
import type { EsploraTxStatus, EsploraUtxo, FetchLike } from './esplora';

const BASE = 'https://esplora.test/testnet/api';
/** A fresh random key for each test run; nothing below depends on a particular key. */
const newKey = () => {
  const privateKey = secp256k1.utils.randomSecretKey();
  const privateKeyHex = Buffer.from(privateKey).toString('hex');
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const testnet = p2wpkh(publicKey, TEST_NETWORK);
  return { privateKeyHex, publicKey, address: testnet.address!, output: testnet.script };
};

/** Parses raw transaction hex (an OP_RETURN output is "unknown" to the library's spendability check). */
const parseTx = (hex: string) => Transaction.fromRaw(Buffer.from(hex, 'hex'), { allowUnknownOutputs: true });
type Tx = ReturnType<typeof parseTx>;
const outputsOf = (tx: Tx) => Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));

const utxo = (value: number, vout = 0): EsploraUtxo => ({
  txid: randomBytes(32).toString('hex'),
  vout,
  value,
  status: { confirmed: true, block_height: 90 },
});

interface Call {
  method: string;
  url: string;
  body?: string;
}

/**
 * An in-memory Esplora server with a tiny mempool: POST /tx accepts a transaction once and answers as
 * Bitcoin Core does ("txn-already-known") when the same transaction is sent again.
 */
const fakeEsplora = (state: {
  utxos?: Record<string, EsploraUtxo[]>;
  fees?: Record<string, number>;
  tip?: number;
  statuses?: Record<string, EsploraTxStatus>;
  rejectWith?: string;
}) => {
  const calls: Call[] = [];
  const mempool = new Set<string>();
  const answer = (status: number, body: string) => new Response(body, { status });

  const route = (method: string, path: string, body?: string): Response => {
    const utxoMatch = /^\/address\/([^/]+)\/utxo$/.exec(path);
    if (method === 'GET' && utxoMatch) return answer(200, JSON.stringify(state.utxos?.[utxoMatch[1]!] ?? []));
    if (method === 'GET' && path === '/fee-estimates') return answer(200, JSON.stringify(state.fees ?? {}));
    if (method === 'GET' && path === '/blocks/tip/height') return answer(200, String(state.tip ?? 0));
    const statusMatch = /^\/tx\/([0-9a-f]{64})\/status$/.exec(path);
    if (method === 'GET' && statusMatch) {
      const status = state.statuses?.[statusMatch[1]!];
      return status ? answer(200, JSON.stringify(status)) : answer(404, 'Transaction not found');
    }
    if (method === 'POST' && path === '/tx') return postTx(body ?? '');
    return answer(404, 'Not Found');
  };

  const postTx = (hex: string): Response => {
    if (state.rejectWith) return answer(400, `sendrawtransaction RPC error: ${state.rejectWith}`);
    const txid = parseTx(hex).id;
    if (mempool.has(txid))
      return answer(400, 'sendrawtransaction RPC error: {"code":-26,"message":"txn-already-known"}');
    mempool.add(txid);
    return answer(200, txid);
  };

  const fetch: FetchLike = async (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body as string | undefined;
    calls.push(body === undefined ? { method, url } : { method, url, body });
    if (!url.startsWith(`${BASE}/`)) return answer(404, 'wrong host');
    return route(method, url.slice(BASE.length), body);
  };
  return { fetch, calls, mempool };
};

const ROOT = createHash('sha256').update('merkle root of a test batch').digest('hex');

/** The txid computed independently: double SHA-256 of the serialization without witnesses, byte-reversed. */
const independentTxId = (tx: Tx): string => {
  const stripped = tx.toBytes(true, false);
  const once = createHash('sha256').update(stripped).digest();
  return Buffer.from(createHash('sha256').update(once).digest()).reverse().toString('hex');
};

/** BIP 143 check of one P2WPKH input's witness against the key and the amount it spends. */
const witnessVerifies = (tx: Tx, index: number, publicKey: Uint8Array, value: number): boolean => {
  const [sigBytes, pubkey] = tx.getInput(index).finalScriptWitness ?? [];
  if (!sigBytes || !pubkey || Buffer.compare(pubkey, publicKey) !== 0) return false;
  // A witness signature is DER followed by one sighash-type byte.
  const signature = sigBytes.subarray(0, -1);
  const hashType = sigBytes[sigBytes.length - 1]!;
  // The script code of a P2WPKH input is the P2PKH script of the same key hash.
  const scriptCode = p2pkh(publicKey).script;
  const hash = tx.preimageWitnessV0(index, scriptCode, hashType, BigInt(value));
  return (
    hashType === SigHash.ALL &&
    secp256k1.verify(signature, hash, publicKey, { prehash: false, format: 'der' })
  );
};

const outpoint = (tx: Tx, index: number) => {
  const input = tx.getInput(index);
  return { txid: Buffer.from(input.txid!).toString('hex'), vout: input.index };
};

describe('Bitcoin adapter: addresses', () => {
  it('derives the segwit v0 address of the key: tb1q on testnet, bc1q on mainnet', () => {
    const key = newKey();
    const testnet = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE });
    const mainnet = createBitcoinAdapter({ network: 'mainnet', esploraUrl: BASE });
    expect(testnet.addressOf(key.privateKeyHex)).toBe(key.address);
    expect(key.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(mainnet.addressOf(key.privateKeyHex)).toBe(p2wpkh(key.publicKey, NETWORK).address);
    expect(mainnet.addressOf(key.privateKeyHex)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(testnet.addressOf(`0x${key.privateKeyHex}`)).toBe(key.address);
  });

  it('rejects a key that is not 32 bytes of hex, or not a valid secp256k1 scalar', () => {
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE });
    expect(() => adapter.addressOf('abcd')).toThrow(
      'The Bitcoin private key must be 32 bytes as 64 hex characters',
    );
    expect(() => adapter.addressOf('00'.repeat(32))).toThrow();
  });
});

describe('Bitcoin adapter: signAnchor', () => {
  it('spends the largest UTXO into change to the same address plus OP_RETURN <root>, fee = rate × vsize', async () => {
    const key = newKey();
    const big = utxo(50_000, 3);
    const server = fakeEsplora({
      utxos: { [key.address]: [utxo(20_000), big, utxo(1_000)] },
      fees: { '1': 30, '6': 10, '144': 1 },
    });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });

    const signed = await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT });
    const tx = parseTx(signed.rawTx);

    const fee = 10 * estimateVsize(1, true);
    expect(Array.from({ length: tx.inputsLength }, (_, i) => outpoint(tx, i))).toEqual([
      { txid: big.txid, vout: 3 },
    ]);
    expect(tx.outputsLength).toBe(2);
    const [change, anchor] = outputsOf(tx);
    expect(Buffer.from(anchor!.script!).toString('hex')).toBe(`6a20${ROOT}`);
    expect(Script.decode(anchor!.script!)).toEqual(['RETURN', Uint8Array.from(Buffer.from(ROOT, 'hex'))]);
    expect(anchor!.amount).toBe(0n);
    expect(Buffer.from(change!.script!).equals(Buffer.from(key.output))).toBe(true);
    expect(change!.amount).toBe(BigInt(50_000 - fee));
    expect(signed.feeEstimate).toEqual({ amount: String(fee), unit: 'sat' });
    // The estimate is conservative: never below the rate applied to the real size.
    expect(fee).toBeGreaterThanOrEqual(Math.ceil(10 * tx.vsize));
    expect(fee - 10 * tx.vsize).toBeLessThanOrEqual(10);
    expect(witnessVerifies(tx, 0, key.publicKey, 50_000)).toBe(true);
    expect(tx.version).toBe(2);
    expect(tx.getInput(0).sequence).toBe(0xfffffffd);
  });

  it('asks Esplora only for fee estimates and the address UTXOs, with plain GETs', async () => {
    const key = newKey();
    const server = fakeEsplora({ utxos: { [key.address]: [utxo(10_000)] }, fees: { '6': 2 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: `${BASE}/`, fetch: server.fetch });
    await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT });
    expect(server.calls).toEqual([
      { method: 'GET', url: `${BASE}/fee-estimates` },
      { method: 'GET', url: `${BASE}/address/${key.address}/utxo` },
    ]);
  });

  it('is deterministic: the same key, root and chain state give byte-identical bytes, and txId is their hash', async () => {
    const key = newKey();
    const server = fakeEsplora({
      utxos: { [key.address]: [utxo(40_000), utxo(40_000, 1)] },
      fees: { '6': 3 },
    });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    const first = await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT });
    const second = await adapter.signAnchor({
      privateKeyHex: `0x${key.privateKeyHex}`,
      merkleRootHex: ROOT.toUpperCase(),
    });
    expect(second.rawTx).toBe(first.rawTx);
    expect(second.txId).toBe(first.txId);
    const tx = parseTx(first.rawTx);
    expect(first.txId).toBe(independentTxId(tx));
    expect(first.txId).toBe(tx.id);
    const other = await adapter.signAnchor({
      privateKeyHex: key.privateKeyHex,
      merkleRootHex: 'ff'.repeat(32),
    });
    expect(other.rawTx).not.toBe(first.rawTx);
  });

  it('adds UTXOs largest first until they pay, and signs every input', async () => {
    const key = newKey();
    const [a, b, c] = [utxo(2_350), utxo(2_400), utxo(500)];
    const server = fakeEsplora({ utxos: { [key.address]: [a!, b!, c!] }, fees: { '6': 20 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    const signed = await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT });
    const tx = parseTx(signed.rawTx);

    const fee = 20 * estimateVsize(2, true);
    expect(Array.from({ length: tx.inputsLength }, (_, i) => outpoint(tx, i))).toEqual([
      { txid: b!.txid, vout: 0 },
      { txid: a!.txid, vout: 0 },
    ]);
    expect(tx.getOutput(0).amount).toBe(BigInt(2_400 + 2_350 - fee));
    expect(Number(tx.getOutput(0).amount)).toBeGreaterThanOrEqual(DUST_LIMIT_SAT);
    expect(witnessVerifies(tx, 0, key.publicKey, 2_400)).toBe(true);
    expect(witnessVerifies(tx, 1, key.publicKey, 2_350)).toBe(true);
    // The witness is bound to the amount: the same signature does not verify for another value.
    expect(witnessVerifies(tx, 1, key.publicKey, 2_351)).toBe(false);
  });

  it('leaves out a change output below the dust limit; the OP_RETURN is then the only output', async () => {
    const key = newKey();
    const only = utxo(3_000);
    const server = fakeEsplora({ utxos: { [key.address]: [only] }, fees: { '6': 20 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    const signed = await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT });
    const tx = parseTx(signed.rawTx);
    // With change the fee would be 20 × 153 = 3060 > 3000; without, 20 × 122 = 2440 is paid and the rest is fee.
    expect(3_000 - 20 * estimateVsize(1, true)).toBeLessThan(DUST_LIMIT_SAT);
    expect(outputsOf(tx).map((o) => Buffer.from(o.script!).toString('hex'))).toEqual([`6a20${ROOT}`]);
    expect(signed.feeEstimate.amount).toBe('3000');
    expect(3_000).toBeGreaterThanOrEqual(20 * tx.vsize);
    expect(witnessVerifies(tx, 0, key.publicKey, 3_000)).toBe(true);
  });

  it('says how much is needed and how much there is when the balance cannot pay the fee', async () => {
    const key = newKey();
    const server = fakeEsplora({ utxos: { [key.address]: [utxo(500), utxo(300)] }, fees: { '6': 10 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    const needs = 10 * estimateVsize(2, false);
    await expect(
      adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT }),
    ).rejects.toThrow(
      `The issuing address ${key.address} has too little bitcoin to pay for the anchoring transaction: needs ${needs} sat, has 800 sat.`,
    );
  });

  it('says the same for an address with no UTXOs at all', async () => {
    const key = newKey();
    const adapter = createBitcoinAdapter({
      network: 'testnet',
      esploraUrl: BASE,
      fetch: fakeEsplora({ fees: { '6': 1 } }).fetch,
    });
    await expect(
      adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT }),
    ).rejects.toThrow(`needs ${estimateVsize(1, false)} sat, has 0 sat.`);
  });

  it('rejects a root that is not exactly 32 bytes', async () => {
    const key = newKey();
    const adapter = createBitcoinAdapter({
      network: 'testnet',
      esploraUrl: BASE,
      fetch: fakeEsplora({}).fetch,
    });
    await expect(
      adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: 'ab'.repeat(31) }),
    ).rejects.toThrow('The Merkle root must be 32 bytes as 64 hex characters');
  });

  it('refuses a malformed UTXO from the server', async () => {
    const key = newKey();
    const bad = { ...utxo(1_000), value: -5 };
    const server = fakeEsplora({ utxos: { [key.address]: [bad] }, fees: { '6': 1 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    await expect(
      adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT }),
    ).rejects.toThrow(/malformed UTXO/);
  });
});

describe('Bitcoin adapter: broadcast', () => {
  const signedTx = async (server: ReturnType<typeof fakeEsplora>, key: ReturnType<typeof newKey>) => {
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    return {
      adapter,
      signed: await adapter.signAnchor({ privateKeyHex: key.privateKeyHex, merkleRootHex: ROOT }),
    };
  };
  /** A transaction signed against a funded server of its own, to broadcast to another. */
  const signedElsewhere = async () => {
    const key = newKey();
    const funded = fakeEsplora({ utxos: { [key.address]: [utxo(10_000)] }, fees: { '6': 1 } });
    return (await signedTx(funded, key)).signed;
  };
  const adapterOn = (fetch: FetchLike) =>
    createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch });

  it('POSTs the raw hex to /tx, and a second broadcast of the same bytes ("txn-already-known") succeeds too', async () => {
    const key = newKey();
    const server = fakeEsplora({ utxos: { [key.address]: [utxo(10_000)] }, fees: { '6': 1 } });
    const { adapter, signed } = await signedTx(server, key);
    server.calls.length = 0;

    expect(await adapter.broadcast(signed.rawTx)).toEqual({ txId: signed.txId });
    expect(await adapter.broadcast(signed.rawTx)).toEqual({ txId: signed.txId });
    expect(server.calls).toEqual([
      { method: 'POST', url: `${BASE}/tx`, body: signed.rawTx },
      { method: 'POST', url: `${BASE}/tx`, body: signed.rawTx },
    ]);
    expect([...server.mempool]).toEqual([signed.txId]);
  });

  it('counts "Transaction already in block chain" as success', async () => {
    const signed = await signedElsewhere();
    const mined = fakeEsplora({ rejectWith: '{"code":-27,"message":"Transaction already in block chain"}' });
    const adapter = adapterOn(mined.fetch);
    expect(await adapter.broadcast(signed.rawTx)).toEqual({ txId: signed.txId });
  });

  it('fails on any other rejection, naming the URL and status', async () => {
    const signed = await signedElsewhere();
    const rejecting = fakeEsplora({ rejectWith: '{"code":-25,"message":"bad-txns-inputs-missingorspent"}' });
    const adapter = adapterOn(rejecting.fetch);
    await expect(adapter.broadcast(signed.rawTx)).rejects.toThrow(
      `Esplora POST ${BASE}/tx answered 400: sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}`,
    );
  });

  it('fails when the server names another txid than the bytes hash to', async () => {
    const signed = await signedElsewhere();
    const adapter = adapterOn(async () => new Response('ab'.repeat(32), { status: 200 }));
    await expect(adapter.broadcast(signed.rawTx)).rejects.toThrow(
      /accepted the transaction as abab.* but its bytes hash to/,
    );
  });
});

describe('Bitcoin adapter: confirmations', () => {
  const TXID = 'cd'.repeat(32);

  it('counts from the tip height: mined at 100 with the tip at 105 is 6 confirmations', async () => {
    const server = fakeEsplora({
      tip: 105,
      statuses: { [TXID]: { confirmed: true, block_height: 100, block_time: 1_700_000_000 } },
    });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    expect(await adapter.confirmations(TXID)).toEqual({
      confirmations: 6,
      blockNumber: 100,
      blockTime: 1_700_000_000,
    });
    expect(server.calls).toEqual([
      { method: 'GET', url: `${BASE}/tx/${TXID}/status` },
      { method: 'GET', url: `${BASE}/blocks/tip/height` },
    ]);
  });

  it('is 0 in the mempool (no tip request) and undefined when the chain does not know the transaction', async () => {
    const server = fakeEsplora({ tip: 105, statuses: { [TXID]: { confirmed: false } } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    expect(await adapter.confirmations(TXID)).toEqual({ confirmations: 0 });
    expect(await adapter.confirmations('ef'.repeat(32))).toBeUndefined();
    expect(server.calls.map((c) => c.url)).toEqual([
      `${BASE}/tx/${TXID}/status`,
      `${BASE}/tx/${'ef'.repeat(32)}/status`,
    ]);
  });

  it('never reports fewer than 1 for a mined transaction when the tip lags', async () => {
    const server = fakeEsplora({
      tip: 99,
      statuses: { [TXID]: { confirmed: true, block_height: 100, block_time: 1 } },
    });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    expect((await adapter.confirmations(TXID))?.confirmations).toBe(1);
  });
});

describe('Bitcoin adapter: estimateCost', () => {
  it('prices the transaction the address would actually send', async () => {
    const key = newKey();
    const server = fakeEsplora({ utxos: { [key.address]: [utxo(100_000)] }, fees: { '6': 12 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    const sat = 12 * estimateVsize(1, true);
    expect(await adapter.estimateCost(key.address)).toEqual({
      amount: String(sat),
      unit: 'sat',
      display: `0.0000${sat} tBTC (${sat} sat at 12 sat/vB)`,
    });
  });

  it('shows the one-input cost for an unfunded address, and refuses an address of the other network', async () => {
    const key = newKey();
    const server = fakeEsplora({ fees: { '6': 2 } });
    const adapter = createBitcoinAdapter({ network: 'testnet', esploraUrl: BASE, fetch: server.fetch });
    expect((await adapter.estimateCost(key.address)).amount).toBe(String(2 * estimateVsize(1, true)));
    const mainnetAddress = p2wpkh(key.publicKey, NETWORK).address!;
    await expect(adapter.estimateCost(mainnetAddress)).rejects.toThrow();
  });
});

describe('fee rate and coin selection', () => {
  it('takes the estimate for the target, else the nearest faster one, else the nearest slower one, at least 1 sat/vB', () => {
    expect(pickFeeRate({ '1': 30, '6': 10, '144': 2 }, 6)).toBe(10);
    expect(pickFeeRate({ '1': 30, '5': 12, '144': 2 }, 6)).toBe(12);
    expect(pickFeeRate({ '144': 2, '504': 1.5 }, 6)).toBe(2);
    expect(pickFeeRate({ '6': 0.5 }, 6)).toBe(1);
    expect(pickFeeRate({}, 6)).toBe(1);
  });

  it('sizes P2WPKH inputs at 68 vB, the OP_RETURN output at 43 and the change output at 31', () => {
    expect(estimateVsize(1, false)).toBe(122);
    expect(estimateVsize(1, true)).toBe(153);
    expect(estimateVsize(2, true) - estimateVsize(1, true)).toBe(68);
  });

  it('returns undefined when all UTXOs cannot pay, and orders equal values by outpoint', () => {
    expect(selectCoins([utxo(100)], 1)).toBeUndefined();
    const x = { ...utxo(5_000), txid: '11'.repeat(32) };
    const y = { ...utxo(5_000), txid: '22'.repeat(32) };
    expect(selectCoins([y, x], 1)?.utxos).toEqual([x]);
  });
});
