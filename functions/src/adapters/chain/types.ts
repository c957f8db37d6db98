/** One blockchain as the anchoring job sees it. Ethereum (evm.ts) and Bitcoin (bitcoin.ts) implement it. */
export interface AnchorChainAdapter {
  /** Signs (does not send) the anchoring transaction. */
  signAnchor(input: {
    privateKeyHex: string;
    merkleRootHex: string;
    nonce?: number;
  }): Promise<{ rawTx: string; txId: string; feeEstimate: { amount: string; unit: 'wei' | 'sat' } }>;
  /** Broadcasts signed bytes; re-broadcasting the same bytes is harmless (already known = success). */
  broadcast(rawTx: string): Promise<{ txId: string }>;
  /** Confirmations of a transaction, or undefined if the chain does not know it. */
  confirmations(
    txId: string,
  ): Promise<{ confirmations: number; blockTime?: number; blockNumber?: number } | undefined>;
  /** Estimated cost of one anchoring transaction from this address (shown before issuing). */
  estimateCost(address: string): Promise<{ amount: string; unit: 'wei' | 'sat'; display: string }>;
  /** Transactions the address has sent or queued (EVM nonce); undefined where it means nothing (Bitcoin). */
  pendingCount?(address: string): Promise<number>;
  /** The address a private key anchors from, in the chain's format. */
  addressOf(privateKeyHex: string): string;
}
