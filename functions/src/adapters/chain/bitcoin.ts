import {
  address as btcAddress,
  initEccLib,
  networks,
  payments,
  Psbt,
  script,
  Transaction,
  type Network,
} from 'bitcoinjs-lib';
import { ECPairFactory, type ECPairInterface } from 'ecpair';
import * as ecc from 'tiny-secp256k1';
import { createEsploraClient, type EsploraClient, type EsploraUtxo, type FetchLike } from './esplora';
import type { AnchorChainAdapter } from './types';

// bitcoinjs-lib validates points through this library (needed for its taproot-aware address code);
// ecpair signs with it: deterministic RFC 6979 nonces, low-S.
initEccLib(ecc);
const ECPair = ECPairFactory(ecc);

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

const parseHex32 = (hex: string, what: string): Uint8Array => {
  const match = HEX32.exec(hex.trim());
  if (!match) throw new Error(`${what} must be 32 bytes as 64 hex characters`);
  return Uint8Array.from(Buffer.from(match[1]!, 'hex'));
};

/** `OP_RETURN <32-byte root>` (0x6a 0x20 …), the Blockcerts Bitcoin anchor (STANDARDS.md). */
export const opReturnScript = (merkleRoot: Uint8Array): Uint8Array =>
  script.compile([script.OPS.OP_RETURN, merkleRoot]);

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
): AnchorChainAdapter & { esplora: EsploraClient; network: Network } => {
  const network = opts.network === 'mainnet' ? networks.bitcoin : networks.testnet;
  const unit = opts.network === 'mainnet' ? 'BTC' : 'tBTC';
  const target = opts.confirmationTarget ?? 6;
  const esplora = createEsploraClient({
    baseUrl: opts.esploraUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
  });

  const keyPair = (privateKeyHex: string): ECPairInterface =>
    ECPair.fromPrivateKey(parseHex32(privateKeyHex, 'The Bitcoin private key'), {
      network,
      compressed: true,
    });

  /** The key's segwit v0 payment: its address and output script. */
  const p2wpkh = (key: ECPairInterface) => {
    const payment = payments.p2wpkh({ pubkey: key.publicKey, network });
    return { address: payment.address!, output: payment.output! };
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

  const buildSigned = (key: ECPairInterface, root: Uint8Array, selection: CoinSelection): Transaction => {
    const { address, output } = p2wpkh(key);
    const psbt = new Psbt({ network }).setVersion(2).setLocktime(0);
    for (const utxo of selection.utxos) {
      // BIP 143 signatures commit to the spent amount, so witnessUtxo (no previous transaction) is enough.
      psbt.addInput({
        hash: utxo.txid,
        index: utxo.vout,
        sequence: RBF_SEQUENCE,
        witnessUtxo: { script: output, value: BigInt(utxo.value) },
      });
    }
    if (selection.change > 0) psbt.addOutput({ address, value: BigInt(selection.change) });
    psbt.addOutput({ script: opReturnScript(root), value: 0n });
    psbt.signAllInputs(key);
    if (!psbt.validateSignaturesOfAllInputs((pubkey, hash, sig) => ecc.verify(hash, pubkey, sig))) {
      throw new Error('Bitcoin anchoring transaction: a signature did not verify');
    }
    return psbt.finalizeAllInputs().extractTransaction();
  };

  return {
    esplora,
    network,
    addressOf: (privateKeyHex) => p2wpkh(keyPair(privateKeyHex)).address,

    async signAnchor({ privateKeyHex, merkleRootHex }) {
      const key = keyPair(privateKeyHex);
      const root = parseHex32(merkleRootHex, 'The Merkle root');
      const selection = await fundedSelection(p2wpkh(key).address, await feeRate());
      const tx = buildSigned(key, root, selection);
      return {
        rawTx: tx.toHex(),
        txId: tx.getId(),
        feeEstimate: { amount: String(selection.fee), unit: 'sat' },
      };
    },

    async broadcast(rawTx) {
      // The txid comes from the bytes themselves, so an "already known" answer still yields it.
      const txId = Transaction.fromHex(rawTx.trim()).getId();
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
      btcAddress.toOutputScript(address, network); // throws on an address of another network or format
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
