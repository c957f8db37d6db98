import { assertSegwitAddress, type BitcoinNetworkName } from './bitcoin-address';
import { createEsploraClient, type EsploraUtxo, type FetchLike } from './esplora';

/*
 * What an anchoring transaction from a P2WPKH address costs and which coins pay for it: arithmetic on
 * Esplora's answers, no transaction built. The keys function estimates with this alone (it carries no
 * transaction code); the anchor job's adapter (bitcoin.ts) selects with it, then builds and signs.
 */

/**
 * Smallest change output worth creating. Bitcoin Core's dust limit for a P2WPKH output at the default
 * 3 sat/vB dust relay fee is 294 sat; a smaller change output would make the transaction non-standard,
 * so below it the remainder goes to the miner instead.
 */
export const DUST_LIMIT_SAT = 294;

/** Bitcoin Core's default minimum relay fee; test networks often return no estimates at all. */
const MIN_FEE_RATE_SAT_PER_VB = 1;

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

export const feeFor = (feeRate: number, inputs: number, withChange: boolean): number =>
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

/** Checks the server's UTXO list before money decisions rest on it. */
export const assertUtxo = (utxo: EsploraUtxo): void => {
  const ok =
    /^[0-9a-fA-F]{64}$/.test(utxo.txid) &&
    Number.isSafeInteger(utxo.vout) &&
    utxo.vout >= 0 &&
    Number.isSafeInteger(utxo.value) &&
    utxo.value > 0;
  if (!ok) throw new Error(`Esplora returned a malformed UTXO: ${JSON.stringify(utxo)}`);
};

export const formatBtc = (sat: number, unit: string): string => {
  const whole = Math.floor(sat / 1e8);
  const fraction = String(sat % 1e8).padStart(8, '0');
  return `${whole}.${fraction} ${unit}`;
};

export interface BitcoinAdapterOptions {
  network: BitcoinNetworkName;
  /** Base URL of an Esplora API for that network, e.g. `https://blockstream.info/testnet/api`. */
  esploraUrl: string;
  fetch?: FetchLike;
  /** Blocks within which the anchor should confirm; picks the fee rate. Default 6 (about an hour). */
  confirmationTarget?: number;
  /** Per Esplora request. */
  timeoutMs?: number;
}

/** The fee side of Bitcoin anchoring for one network and Esplora server. */
export const createBitcoinFees = (opts: BitcoinAdapterOptions) => {
  const unit = opts.network === 'mainnet' ? 'BTC' : 'tBTC';
  const target = opts.confirmationTarget ?? 6;
  const esplora = createEsploraClient({
    baseUrl: opts.esploraUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
  });

  const feeRate = async (): Promise<number> => pickFeeRate(await esplora.feeEstimates(), target);

  const fundedSelection = async (address: string, rate: number): Promise<CoinSelection> => {
    const utxos = await esplora.utxos(address);
    utxos.forEach(assertUtxo);
    const selection = selectCoins(utxos, rate);
    if (selection) return selection;
    const has = utxos.reduce((sum, u) => sum + u.value, 0);
    throw new InsufficientFundsError(address, feeFor(rate, Math.max(utxos.length, 1), false), has);
  };

  /** The most one anchoring transaction from `address` costs today. */
  const estimateCost = async (address: string) => {
    assertSegwitAddress(address, opts.network);
    const [rate, utxos] = await Promise.all([feeRate(), esplora.utxos(address)]);
    utxos.forEach(assertUtxo);
    // The fee the real selection would pay; an unfunded address is shown the one-input cost.
    const sat = selectCoins(utxos, rate)?.fee ?? feeFor(rate, 1, true);
    return {
      amount: String(sat),
      unit: 'sat' as const,
      display: `${formatBtc(sat, unit)} (${sat} sat at ${rate} sat/vB)`,
    };
  };

  return { esplora, feeRate, fundedSelection, estimateCost };
};
