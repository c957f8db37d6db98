import { JsonRpcProvider, Transaction, Wallet, type TransactionRequest } from 'ethers';
import { ANCHOR_SINK, anchorFees, estimateAnchorCost, evmRpc } from './evm-rpc';
import type { AnchorChainAdapter } from './types';

export { ANCHOR_SINK } from './evm-rpc';

const alreadyKnown = /already known|known transaction|already imported|nonce too low|transaction already/i;

/**
 * Ethereum and any EVM chain over JSON-RPC with ethers v6: EIP-1559 fees, one transaction per batch.
 * The signed bytes are returned before anything is sent, so the caller can store them first and
 * re-broadcast exactly them on a retry.
 */
export const createEvmAdapter = (opts: {
  rpcUrl: string;
  chainId?: number;
}): AnchorChainAdapter & { provider: JsonRpcProvider } => {
  const provider = new JsonRpcProvider(opts.rpcUrl, opts.chainId, {
    staticNetwork: opts.chainId !== undefined,
    batchMaxCount: 1,
  });
  const rpc = evmRpc(opts.rpcUrl);

  const anchorRequest = async (
    from: string,
    merkleRootHex: string,
    fixedNonce?: number,
  ): Promise<TransactionRequest> => {
    const data = `0x${merkleRootHex.replace(/^0x/, '')}`;
    const [network, nonce, fees, gasLimit] = await Promise.all([
      provider.getNetwork(),
      fixedNonce ?? provider.getTransactionCount(from, 'pending'),
      anchorFees(rpc),
      provider.estimateGas({ from, to: ANCHOR_SINK, value: 0n, data }),
    ]);
    return {
      type: 2,
      chainId: network.chainId,
      nonce,
      to: ANCHOR_SINK,
      value: 0n,
      data,
      gasLimit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    };
  };

  return {
    provider,
    addressOf: (privateKeyHex) => new Wallet(privateKeyHex).address,

    pendingCount: (address) => provider.getTransactionCount(address, 'pending'),

    async signAnchor({ privateKeyHex, merkleRootHex, nonce }) {
      const wallet = new Wallet(privateKeyHex);
      const request = await anchorRequest(wallet.address, merkleRootHex, nonce);
      const rawTx = await wallet.signTransaction(request);
      const fee = BigInt(request.gasLimit!) * BigInt(request.maxFeePerGas!);
      return {
        rawTx,
        txId: Transaction.from(rawTx).hash!,
        feeEstimate: { amount: fee.toString(), unit: 'wei' },
      };
    },

    async broadcast(rawTx) {
      const txId = Transaction.from(rawTx).hash!;
      // Known already (a retry after a successful send): nothing to send. Besides saving a call,
      // this keeps dev chains such as ganache from mining the same bytes into a second block.
      if (await provider.getTransaction(txId)) return { txId };
      try {
        await provider.send('eth_sendRawTransaction', [rawTx]);
      } catch (err) {
        // A retry re-sends bytes the node may already have (or have mined): that is success, as
        // long as the chain knows this very transaction.
        if (!alreadyKnown.test(String((err as Error).message)) || !(await provider.getTransaction(txId)))
          throw err;
      }
      return { txId };
    },

    async confirmations(txId) {
      const receipt = await provider.getTransactionReceipt(txId);
      if (!receipt) return (await provider.getTransaction(txId)) ? { confirmations: 0 } : undefined;
      const [tip, block] = await Promise.all([
        provider.getBlockNumber(),
        provider.getBlock(receipt.blockNumber),
      ]);
      return {
        confirmations: tip - receipt.blockNumber + 1,
        blockNumber: receipt.blockNumber,
        blockTime: block?.timestamp,
      };
    },

    estimateCost: (address) => estimateAnchorCost(opts.rpcUrl, address),
  };
};
