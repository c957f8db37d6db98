import { formatEther, JsonRpcProvider, Transaction, Wallet, type TransactionRequest } from 'ethers';
import type { AnchorChainAdapter } from './types';

/** Blockcerts' conventional sink: value 0, the Merkle root as data (STANDARDS.md). */
export const ANCHOR_SINK = '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead';

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

  const anchorRequest = async (
    from: string,
    merkleRootHex: string,
    fixedNonce?: number,
  ): Promise<TransactionRequest> => {
    const data = `0x${merkleRootHex.replace(/^0x/, '')}`;
    const [network, nonce, fees, gasLimit] = await Promise.all([
      provider.getNetwork(),
      fixedNonce ?? provider.getTransactionCount(from, 'pending'),
      provider.getFeeData(),
      provider.estimateGas({ from, to: ANCHOR_SINK, value: 0n, data }),
    ]);
    const maxPriority = fees.maxPriorityFeePerGas ?? 1_000_000_000n;
    const maxFee = fees.maxFeePerGas ?? (fees.gasPrice ?? 1_000_000_000n) * 2n;
    return {
      type: 2,
      chainId: network.chainId,
      nonce,
      to: ANCHOR_SINK,
      value: 0n,
      data,
      gasLimit,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: maxPriority,
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

    async estimateCost(address) {
      const request = await anchorRequest(address, '00'.repeat(32));
      const wei = BigInt(request.gasLimit!) * BigInt(request.maxFeePerGas!);
      return { amount: wei.toString(), unit: 'wei', display: `${formatEther(wei)} ETH` };
    },
  };
};

/** Dev chains only: tops up a new issuing address from a funded dev account (never configured in AWS). */
export const fundFromDevFaucet = async (
  rpcUrl: string,
  faucetPrivateKey: string,
  to: string,
  ether = '10',
) => {
  const provider = new JsonRpcProvider(rpcUrl);
  const faucet = new Wallet(faucetPrivateKey, provider);
  const tx = await faucet.sendTransaction({
    to,
    value: BigInt(Math.round(Number(ether) * 1e6)) * 10n ** 12n,
  });
  await tx.wait();
  provider.destroy();
};
