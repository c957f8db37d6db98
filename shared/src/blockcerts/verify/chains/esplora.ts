import type { Anchor } from '../../anchor';
import { isRecord } from '../fetch-json';
import type { AnchorRecord, ChainLookup, FetchLike } from '../types';
import { ChainRpcError } from './evm-rpc';

export interface EsploraLookupOptions {
  /** Esplora REST base, e.g. https://blockstream.info/api (no trailing slash needed). */
  baseUrl: string;
  fetch: FetchLike;
}

/**
 * Reads a Bitcoin anchoring transaction from an Esplora REST API (GET /tx/:txid). The payload is
 * the data pushed by the OP_RETURN output; the sender is the address of the first input, which is
 * how cert-issuer spends from the issuing address. Unconfirmed counts as not found.
 */
export function createEsploraLookup(options: EsploraLookupOptions): ChainLookup {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async lookup(anchor: Anchor): Promise<AnchorRecord | null> {
      const response = await options.fetch(`${base}/tx/${anchor.txId}`, { method: 'GET' });
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new ChainRpcError(`Esplora answered HTTP ${response.status}`);
      const tx = await response.json();
      if (!isRecord(tx) || !Array.isArray(tx.vin) || !Array.isArray(tx.vout) || !isRecord(tx.status)) {
        throw new ChainRpcError('Esplora returned a malformed transaction');
      }
      if (tx.status.confirmed !== true || typeof tx.status.block_time !== 'number') return null;
      const opReturn = tx.vout.find((o) => isRecord(o) && o.scriptpubkey_type === 'op_return');
      const firstInput = tx.vin[0];
      const from =
        isRecord(firstInput) && isRecord(firstInput.prevout)
          ? firstInput.prevout.scriptpubkey_address
          : undefined;
      if (!isRecord(opReturn) || typeof opReturn.scriptpubkey !== 'string' || typeof from !== 'string') {
        // A transaction without OP_RETURN cannot anchor anything: report its (empty) payload.
        return {
          data: '',
          from: typeof from === 'string' ? from : '',
          blockTime: new Date(tx.status.block_time * 1000),
        };
      }
      return {
        data: opReturnPayload(opReturn.scriptpubkey),
        from,
        blockTime: new Date(tx.status.block_time * 1000),
      };
    },
  };
}

/** 6a <push> <data>: strips OP_RETURN and the push opcode (direct push or OP_PUSHDATA1). */
export function opReturnPayload(scriptHex: string): string {
  const hex = scriptHex.toLowerCase();
  if (!hex.startsWith('6a')) return '';
  const op = parseInt(hex.slice(2, 4), 16);
  if (op >= 1 && op <= 0x4b) return hex.slice(4, 4 + op * 2);
  if (op === 0x4c) return hex.slice(6, 6 + parseInt(hex.slice(4, 6), 16) * 2);
  return '';
}
