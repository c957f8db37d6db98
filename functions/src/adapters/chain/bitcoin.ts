import { Address, NETWORK, OutScript, p2wpkh, Script, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { createEsploraClient, type EsploraClient, type EsploraUtxo, type FetchLike } from './esplora';
import type { AnchorChainAdapter } from './types';

// Pure JavaScript (@scure/btc-signer on @noble/curves): nothing is read from disk at load, so the
// bundle needs no asset beside it. ECDSA signatures are deterministic (RFC 6979) and low-S.
type BtcNetwork = typeof NETWORK;

/**
 * Smallest change output worth creating. Bitcoin Core's dust limit for a P2WPKH output at the default
 * 3 sat/vB dust relay fee is 294 sat; a smaller change output would make the transaction non-standard,
 * so below it the remainder goes to the miner instead.
 */
export const DUST_LIMIT_SAT = 294;

/** Bitcoin Core's default minimum relay fee; test networks often return no estimates at all. */
const MIN_FEE_RATE_SAT_PER_VB = 1;

/** Opt-in replace-by-fee (BIP 125), so a stuck anchor can later be re-sent with a higher fee. */
const RBF_SEQUENCE = 0xfffffffd;

// Transaction sizes, in weight units (vsize = weight / 4, rounded up). Non-witness bytes weigh 4, witness bytes 1.
/** outpoint 36 + empty scriptSig length 1 + sequence 4. */
const INPUT_WEIGHT = 41 * 4;
/**
 * Witness item count 1 + signature (length 1 + at most 72: a DER low-S signature is ≤ 71 bytes, plus the
 * sighash byte) + compressed public key (length 1 + 33). The largest case, so the estimate never falls short.
 */
const INPUT_WITNESS_WEIGHT = 1 + 1 + 72 + 1 + 33;
/** value 8 + script length 1 + OP_RETURN, push-32 opcode, 32 bytes. */
const OP_RETURN_OUTPUT_WEIGHT = (8 + 1 + 34) * 4;
/** value 8 + script length 1 + OP_0 <20-byte key hash>. */
const P2WPKH_OUTPUT_WEIGHT = (8 + 1 + 22) * 4;

const varIntSize = (n: number): number => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/** Virtual size of the anchoring transaction with `inputs` P2WPKH inputs, with or without a change output. */
export const estimateVsize = (inputs: number, withChange: boolean): number => {
  const outputs = withChange ? 2 : 1;
  // version 4 + locktime 4 + input and output counts; then the segwit marker and flag (witness bytes).
  const overhead = (4 + 4 + varIntSize(inputs) + varIntSize(outputs)) * 4 + 2;
  const weight =
    overhead +
    inputs * (INPUT_WEIGHT + INPUT_WITNESS_WEIGHT) +
    OP_RETURN_OUTPUT_WEIGHT +
    (withChange ? P2WPKH_OUTPUT_WEIGHT : 0);
  return Math.ceil(weight / 4);
};

const feeFor = (feeRate: number, inputs: number, withChange: boolean): number =>
  Math.ceil(feeRate * estimateVsize(inputs, withChange));

export interface CoinSelection {
  utxos: EsploraUtxo[];
  /** Everything the inputs carry that is not change; at least feeRate × estimated vsize. */
  fee: number;
  /** 0 when there is no change output. */
  change: number;
}

export class InsufficientFundsError extends Error {
  constructor(
    readonly address: string,
    readonly needs: number,
    readonly has: number,
  ) {
    super(
      `The issuing address ${address} has too little bitcoin to pay for the anchoring transaction: needs ${needs} sat, has ${has} sat.`,
    );
    this.name = 'InsufficientFundsError';
  }
}

/** Largest first, then by outpoint, so the same UTXO set always yields the same order. */
const byValueDesc = (a: EsploraUtxo, b: EsploraUtxo): number =>
  b.value - a.value || (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0) || a.vout - b.vout;

/**
 * Largest-first coin selection: add UTXOs until they pay the fee. A change output is added when what
 * is left after the fee (computed with that output) reaches the dust limit; otherwise the leftover is
 * fee. Returns undefined when even all UTXOs are not enough.
 */
export const selectCoins = (utxos: EsploraUtxo[], feeRate: number): CoinSelection | undefined => {
  const chosen: EsploraUtxo[] = [];
  let total = 0;
  for (const utxo of [...utxos].sort(byValueDesc)) {
    chosen.push(utxo);
    total += utxo.value;
    const feeWithChange = feeFor(feeRate, chosen.length, true);
    if (total - feeWithChange >= DUST_LIMIT_SAT)
      return { utxos: chosen, fee: feeWithChange, change: total - feeWithChange };
    if (total >= feeFor(feeRate, chosen.length, false)) return { utxos: chosen, fee: total, change: 0 };
  }
  return undefined;
};

/**
 * The fee rate for a confirmation target from Esplora's estimates (target in blocks → sat/vB): the
 * estimate for the largest target not above ours (faster, so never cheaper), else the nearest slower one,
 * never below the minimum relay fee.
 */
export const pickFeeRate = (estimates: Record<string, number>, target: number): number => {
  const entries = Object.entries(estimates)
    .map(([blocks, rate]) => [Number(blocks), rate] as const)
    .filter(([blocks, rate]) => Number.isFinite(blocks) && Number.isFinite(rate) && rate > 0)
    .sort((a, b) => a[0] - b[0]);
  const atOrBelow = entries.filter(([blocks]) => blocks <= target).pop();
  const rate = atOrBelow?.[1] ?? entries.find(([blocks]) => blocks > target)?.[1] ?? MIN_FEE_RATE_SAT_PER_VB;
  return Math.max(rate, MIN_FEE_RATE_SAT_PER_VB);
};

const HEX32 = /^(?:0x)?([0-9a-fA-F]{64})$/;

const hexToBytes = (hex: string): Uint8Array => {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new Error('A raw transaction must be hex');
  return Uint8Array.from(Buffer.from(hex, 'hex'));
};

const parseHex32 = (hex: string, what: string): Uint8Array => {
  const match = HEX32.exec(hex.trim());
  if (!match) throw new Error(`${what} must be 32 bytes as 64 hex characters`);
  return Uint8Array.from(Buffer.from(match[1]!, 'hex'));
};

/** `OP_RETURN <32-byte root>` (0x6a 0x20 …), the Blockcerts Bitcoin anchor (STANDARDS.md). */
export const opReturnScript = (merkleRoot: Uint8Array): Uint8Array => Script.encode(['RETURN', merkleRoot]);

/** Checks the server's UTXO list before money decisions rest on it. */
const assertUtxo = (utxo: EsploraUtxo): void => {
  const ok =
    /^[0-9a-fA-F]{64}$/.test(utxo.txid) &&
    Number.isSafeInteger(utxo.vout) &&
    utxo.vout >= 0 &&
    Number.isSafeInteger(utxo.value) &&
    utxo.value > 0;
  if (!ok) throw new Error(`Esplora returned a malformed UTXO: ${JSON.stringify(utxo)}`);
};

const formatBtc = (sat: number, unit: string): string => {
  const whole = Math.floor(sat / 1e8);
  const fraction = String(sat % 1e8).padStart(8, '0');
  return `${whole}.${fraction} ${unit}`;
};

export interface BitcoinAdapterOptions {
  network: 'mainnet' | 'testnet';
  /** Base URL of an Esplora API for that network, e.g. `https://blockstream.info/testnet/api`. */
  esploraUrl: string;
  fetch?: FetchLike;
  /** Blocks within which the anchor should confirm; picks the fee rate. Default 6 (about an hour). */
  confirmationTarget?: number;
  /** Per Esplora request. */
  timeoutMs?: number;
}

/**
 * Bitcoin anchoring from a P2WPKH (bc1q…/tb1q…) address: one transaction per batch spending the
 * address's UTXOs, with change back to the same address first and `OP_RETURN <root>` as the last output
 * (Blockcerts' verifier reads the root from the last output and the issuer from the first input).
 * Signing is deterministic, so the same key, root, UTXO set and fee estimates give the same bytes;
 * the caller stores those bytes before broadcasting and re-broadcasts exactly them on a retry.
 */
export const createBitcoinAdapter = (
  opts: BitcoinAdapterOptions,
): AnchorChainAdapter & { esplora: EsploraClient; network: BtcNetwork } => {
  const network = opts.network === 'mainnet' ? NETWORK : TEST_NETWORK;
  const unit = opts.network === 'mainnet' ? 'BTC' : 'tBTC';
  const target = opts.confirmationTarget ?? 6;
  const esplora = createEsploraClient({
    baseUrl: opts.esploraUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
  });

  /** The private key's bytes; pubECDSA throws for 0 or a value not below the curve order. */
  const keyOf = (privateKeyHex: string) => {
    const privateKey = parseHex32(privateKeyHex, 'The Bitcoin private key');
    return { privateKey, publicKey: pubECDSA(privateKey, true) };
  };

  /** The key's segwit v0 payment: its address and output script. */
  const segwit = (publicKey: Uint8Array) => {
    const payment = p2wpkh(publicKey, network);
    return { address: payment.address!, output: payment.script };
  };

  const feeRate = async (): Promise<number> => pickFeeRate(await esplora.feeEstimates(), target);

  const fundedSelection = async (address: string, rate: number): Promise<CoinSelection> => {
    const utxos = await esplora.utxos(address);
    utxos.forEach(assertUtxo);
    const selection = selectCoins(utxos, rate);
    if (selection) return selection;
    const has = utxos.reduce((sum, u) => sum + u.value, 0);
    throw new InsufficientFundsError(address, feeFor(rate, Math.max(utxos.length, 1), false), has);
  };

  const buildSigned = (key: ReturnType<typeof keyOf>, root: Uint8Array, selection: CoinSelection) => {
    const { address, output } = segwit(key.publicKey);
    // OP_RETURN is a "non-standard" output to the library's spendability check; it is ours on purpose.
    const tx = new Transaction({ version: 2, lockTime: 0, allowUnknownOutputs: true });
    for (const utxo of selection.utxos) {
      // BIP 143 signatures commit to the spent amount, so witnessUtxo (no previous transaction) is enough.
      tx.addInput({
        txid: utxo.txid,
        index: utxo.vout,
        sequence: RBF_SEQUENCE,
        witnessUtxo: { script: output, amount: BigInt(utxo.value) },
      });
    }
    if (selection.change > 0) tx.addOutputAddress(address, BigInt(selection.change), network);
    tx.addOutput({ script: opReturnScript(root), amount: 0n });
    if (tx.sign(key.privateKey) !== selection.utxos.length) {
      throw new Error('Bitcoin anchoring transaction: not every input could be signed');
    }
    tx.finalize();
    return tx;
  };

  return {
    esplora,
    network,
    addressOf: (privateKeyHex) => segwit(keyOf(privateKeyHex).publicKey).address,

    async signAnchor({ privateKeyHex, merkleRootHex }) {
      const key = keyOf(privateKeyHex);
      const root = parseHex32(merkleRootHex, 'The Merkle root');
      const selection = await fundedSelection(segwit(key.publicKey).address, await feeRate());
      const tx = buildSigned(key, root, selection);
      return {
        rawTx: tx.hex,
        txId: tx.id,
        feeEstimate: { amount: String(selection.fee), unit: 'sat' },
      };
    },

    async broadcast(rawTx) {
      // The txid comes from the bytes themselves, so an "already known" answer still yields it.
      const txId = Transaction.fromRaw(hexToBytes(rawTx.trim()), { allowUnknownOutputs: true }).id;
      const sent = await esplora.broadcast(rawTx.trim());
      if (sent.txid !== undefined && sent.txid !== txId) {
        throw new Error(
          `Esplora ${esplora.baseUrl} accepted the transaction as ${sent.txid} but its bytes hash to ${txId}`,
        );
      }
      return { txId };
    },

    async confirmations(txId) {
      const status = await esplora.txStatus(txId);
      if (!status) return undefined;
      if (!status.confirmed || status.block_height === undefined) return { confirmations: 0 };
      const tip = await esplora.tipHeight();
      // The tip can lag the status endpoint on a load-balanced server; a mined transaction has at least 1.
      return {
        confirmations: Math.max(tip - status.block_height + 1, 1),
        blockNumber: status.block_height,
        blockTime: status.block_time,
      };
    },

    async estimateCost(address) {
      OutScript.encode(Address(network).decode(address)); // throws on an address of another network or format
      const [rate, utxos] = await Promise.all([feeRate(), esplora.utxos(address)]);
      utxos.forEach(assertUtxo);
      // The fee the real selection would pay; an unfunded address is shown the one-input cost.
      const sat = selectCoins(utxos, rate)?.fee ?? feeFor(rate, 1, true);
      return {
        amount: String(sat),
        unit: 'sat',
        display: `${formatBtc(sat, unit)} (${sat} sat at ${rate} sat/vB)`,
      };
    },
  };
};
