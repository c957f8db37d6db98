import type { Anchor } from '../../anchor';
import { isRecord } from '../fetch-json';
import type { AnchorRecord, ChainLookup, FetchLike } from '../types';

export interface EvmRpcLookupOptions {
  /** JSON-RPC endpoint of a node or provider for the anchor's network. */
  rpcUrl: string;
  fetch: FetchLike;
}

export class ChainRpcError extends Error {}

/**
 * Reads an anchoring transaction over Ethereum JSON-RPC: eth_getTransactionByHash for the payload
 * and sender, eth_getBlockByNumber for the block time. A pending transaction counts as not found:
 * nothing is proven until it is mined.
 */
export function createEvmRpcLookup(options: EvmRpcLookupOptions): ChainLookup {
  let nextId = 1;
  async function call(method: string, params: unknown[]): Promise<unknown> {
    const response = await options.fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    if (!response.ok) throw new ChainRpcError(`${method} answered HTTP ${response.status}`);
    const body = await response.json();
    if (!isRecord(body)) throw new ChainRpcError(`${method} answered something that is not JSON-RPC`);
    if (body.error !== undefined) {
      const message =
        isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : 'error';
      throw new ChainRpcError(`${method} failed: ${message}`);
    }
    return body.result;
  }

  return {
    async lookup(anchor: Anchor): Promise<AnchorRecord | null> {
      const tx = await call('eth_getTransactionByHash', [anchor.txId]);
      if (tx === null || tx === undefined) return null;
      if (!isRecord(tx) || typeof tx.from !== 'string' || typeof tx.input !== 'string') {
        throw new ChainRpcError('eth_getTransactionByHash returned a malformed transaction');
      }
      if (typeof tx.blockNumber !== 'string') return null;
      const block = await call('eth_getBlockByNumber', [tx.blockNumber, false]);
      if (!isRecord(block) || typeof block.timestamp !== 'string')
        throw new ChainRpcError('eth_getBlockByNumber returned no timestamp');
      return {
        data: tx.input.toLowerCase().replace(/^0x/, ''),
        from: tx.from,
        blockTime: new Date(Number(BigInt(block.timestamp)) * 1000),
      };
    },
  };
}
