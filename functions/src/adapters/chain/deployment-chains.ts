import type { Blockchain } from '@proofmark/shared/settings/choices';
import { functionConfig } from '../function-config';
import { bitcoinAddressOf as addressOnNetwork } from './bitcoin-address';
import { createBitcoinFees } from './bitcoin-fees';
import { assertChainConfigured } from './deployment-networks';
import { estimateAnchorCost as estimateEvmAnchorCost, fundFromDevFaucet } from './evm-rpc';
import type { AnchorChainAdapter } from './types';

/*
 * The chain adapters as this deployment is configured (see deployment-networks.ts). The chain
 * libraries (ethers, @scure/btc-signer) are loaded on first use (dynamic import), so a function
 * evaluates them only when it anchors or derives a Bitcoin address, never at cold start. Estimating
 * and the dev faucet use plain JSON-RPC (evm-rpc.ts): esbuild bundles dynamic imports too, so a
 * function that reaches `chainAdapter` carries ethers.
 */

let evm: Promise<AnchorChainAdapter> | undefined;
let bitcoin: Promise<AnchorChainAdapter> | undefined;

const chains = () => functionConfig().chains;

/** The adapter for a chain as this deployment is configured. */
export const chainAdapter = (chain: Blockchain): Promise<AnchorChainAdapter> => {
  assertChainConfigured(chain);
  if (chain === 'ethereum') {
    return (evm ??= import('./evm').then(({ createEvmAdapter }) =>
      createEvmAdapter({ rpcUrl: chains().rpcUrl }),
    ));
  }
  return bitcoinAdapter();
};

const bitcoinOptions = () => ({
  network: chains().bitcoin.network,
  esploraUrl: chains().bitcoin.esploraUrl!,
});

const bitcoinAdapter = () =>
  (bitcoin ??= import('./bitcoin').then(({ createBitcoinAdapter }) => createBitcoinAdapter(bitcoinOptions())));

/**
 * What one anchoring transaction from `address` costs today (shown before issuing). Ethereum is asked
 * over plain JSON-RPC (evm-rpc.ts), so a function that only estimates carries no ethers.
 */
export const estimateAnchorCost = async (
  chain: Blockchain,
  address: string,
): ReturnType<AnchorChainAdapter['estimateCost']> => {
  assertChainConfigured(chain);
  if (chain === 'ethereum') return estimateEvmAnchorCost(chains().rpcUrl, address);
  return createBitcoinFees(bitcoinOptions()).estimateCost(address);
};

/** A Bitcoin key's address (segwit) on this deployment's network. */
export const bitcoinAddressOf = (privateKeyHex: string): string =>
  addressOnNetwork(privateKeyHex, chains().bitcoin.network);

/** Only a dev chain has a faucet; in AWS the organisation funds its address itself. */
export const fundNewAddressOnDevChain = async (chain: Blockchain, address: string): Promise<void> => {
  const faucet = chains().devFaucetPrivateKey;
  if (!faucet || chain !== 'ethereum') return;
  await fundFromDevFaucet(chains().rpcUrl, faucet, address);
};
