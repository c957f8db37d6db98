import { NETWORK, p2wpkh, Script, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { bitcoinKeyOf, parseHex32 } from './bitcoin-address';
import { createBitcoinFees, type BitcoinAdapterOptions, type CoinSelection } from './bitcoin-fees';
import type { EsploraClient } from './esplora';
import type { AnchorChainAdapter } from './types';

// Pure JavaScript (@scure/btc-signer on @noble/curves): nothing is read from disk at load, so the
// bundle needs no asset beside it. ECDSA signatures are deterministic (RFC 6979) and low-S.
type BtcNetwork = typeof NETWORK;

/** Opt-in replace-by-fee (BIP 125), so a stuck anchor can later be re-sent with a higher fee. */
const RBF_SEQUENCE = 0xfffffffd;

const hexToBytes = (hex: string): Uint8Array => {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new Error('A raw transaction must be hex');
  return Uint8Array.from(Buffer.from(hex, 'hex'));
};

/** `OP_RETURN <32-byte root>` (0x6a 0x20 …), the Blockcerts Bitcoin anchor (STANDARDS.md). */
export const opReturnScript = (merkleRoot: Uint8Array): Uint8Array => Script.encode(['RETURN', merkleRoot]);

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
  const { esplora, feeRate, fundedSelection, estimateCost } = createBitcoinFees(opts);

  /** The key's segwit v0 payment: its address and output script. */
  const segwit = (publicKey: Uint8Array) => {
    const payment = p2wpkh(publicKey, network);
    return { address: payment.address!, output: payment.script };
  };

  const buildSigned = (key: ReturnType<typeof bitcoinKeyOf>, root: Uint8Array, selection: CoinSelection) => {
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
    addressOf: (privateKeyHex) => segwit(bitcoinKeyOf(privateKeyHex).publicKey).address,

    async signAnchor({ privateKeyHex, merkleRootHex }) {
      const key = bitcoinKeyOf(privateKeyHex);
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

    estimateCost,
  };
};
