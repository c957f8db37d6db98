import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ethereumAddressFromPublicKey } from '@proofmark/shared/blockcerts/keys';

/*
 * What the HTTP functions need of an EVM chain, over plain JSON-RPC with fetch, signing nothing: the
 * anchoring fee estimate, a key's address (on the @noble curves the rest of the stack uses) and the
 * dev faucet. ethers (~400 kB bundled) stays in the anchor job (evm.ts), which uses the same fee rule
 * (anchorFees) so the estimate shown is what it will sign.
 */

/** Blockcerts' conventional sink: value 0, the Merkle root as data (STANDARDS.md). */
export const ANCHOR_SINK = '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead';

const RPC_TIMEOUT_MS = 15_000;
const ONE_GWEI = 1_000_000_000n;
const WEI_PER_ETHER = 10n ** 18n;

export type EvmRpc = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

/** One JSON-RPC call per request; a JSON-RPC error or a non-2xx answer throws with the method's name. */
export const evmRpc =
  (url: string): EvmRpc =>
  async <T>(method: string, params: unknown[] = []) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: { result?: T; error?: { message?: string } };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(`${method}: HTTP ${res.status} from the chain's RPC (${text.slice(0, 120)})`);
    }
    if (body.error || !res.ok) throw new Error(`${method}: ${body.error?.message ?? `HTTP ${res.status}`}`);
    return body.result as T;
  };

const big = (hex: string | null | undefined): bigint | undefined =>
  typeof hex === 'string' ? BigInt(hex) : undefined;

/**
 * EIP-1559 fees by the usual heuristic (the one ethers' getFeeData applies): the node's suggested
 * priority fee (else 1 gwei) and twice the latest base fee on top; a chain without base fees pays
 * twice its gas price.
 */
export const anchorFees = async (
  rpc: EvmRpc,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> => {
  const [block, gasPrice, priority] = await Promise.all([
    rpc<{ baseFeePerGas?: string } | null>('eth_getBlockByNumber', ['latest', false]),
    rpc<string>('eth_gasPrice').catch(() => undefined),
    rpc<string>('eth_maxPriorityFeePerGas').catch(() => undefined),
  ]);
  const baseFee = big(block?.baseFeePerGas);
  const maxPriorityFeePerGas = big(priority) ?? ONE_GWEI;
  if (baseFee !== undefined)
    return { maxFeePerGas: baseFee * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas };
  return { maxFeePerGas: (big(gasPrice) ?? ONE_GWEI) * 2n, maxPriorityFeePerGas };
};

/** The gas of an anchoring transaction from `from` (value 0 to the sink, a 32-byte root as data). */
export const anchorGas = async (rpc: EvmRpc, from: string, merkleRootHex: string): Promise<bigint> =>
  BigInt(
    await rpc<string>('eth_estimateGas', [
      { from, to: ANCHOR_SINK, value: '0x0', data: `0x${merkleRootHex.replace(/^0x/, '')}` },
    ]),
  );

/** Wei as ether for people: "0.000042 ETH", "1.0 ETH" (always a decimal point, as before with ethers). */
export const formatEth = (wei: bigint): string => {
  const fraction = (wei % WEI_PER_ETHER).toString().padStart(18, '0').replace(/0+$/, '');
  return `${wei / WEI_PER_ETHER}.${fraction || '0'} ETH`;
};

/** The most one anchoring transaction from `address` costs at today's fees (gas × max fee). */
export const estimateAnchorCost = async (rpcUrl: string, address: string) => {
  const rpc = evmRpc(rpcUrl);
  const [gas, fees] = await Promise.all([anchorGas(rpc, address, '00'.repeat(32)), anchorFees(rpc)]);
  const wei = gas * fees.maxFeePerGas;
  return { amount: wei.toString(), unit: 'wei' as const, display: formatEth(wei) };
};

/** The checksummed address of a secp256k1 private key (hex, with or without 0x). */
export const evmAddressOf = (privateKeyHex: string): string =>
  ethereumAddressFromPublicKey(secp256k1.getPublicKey(Buffer.from(privateKeyHex.replace(/^0x/, ''), 'hex'), false));

/**
 * Dev chains only: tops up a new issuing address from a funded dev account (never configured in AWS).
 * The dev chain holds that account unlocked, so the node signs the transfer (eth_sendTransaction) and
 * the HTTP functions carry no transaction signer.
 */
export const fundFromDevFaucet = async (
  rpcUrl: string,
  faucetPrivateKey: string,
  to: string,
  ether = 10n,
) => {
  const rpc = evmRpc(rpcUrl);
  const value = `0x${(ether * WEI_PER_ETHER).toString(16)}`;
  const hash = await rpc<string>('eth_sendTransaction', [{ from: evmAddressOf(faucetPrivateKey), to, value }]);
  // Wait for it to be mined, as the key is used at once (a dev chain mines in well under a second).
  for (let waited = 0; waited < RPC_TIMEOUT_MS; waited += 100) {
    const receipt = await rpc<{ status?: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status === '0x0') throw new Error(`The dev faucet's transfer ${hash} failed`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The dev faucet's transfer ${hash} was not mined within ${RPC_TIMEOUT_MS / 1000} s`);
};
