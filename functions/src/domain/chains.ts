import { badRequest } from '@proofmark/shared/errors';
import { env } from '../adapters/env';
import type { AnchorChainAdapter } from '../adapters/chain/types';
import { bitcoinNetwork, type Blockchain } from './chain-networks';

export { anchorNetwork, blockchains, type Blockchain } from './chain-networks';

/*
 * The chain adapters are loaded on first use (dynamic import): ethers and @scure/btc-signer are
 * evaluated only by a function that anchors, estimates or derives an address, never at cold start.
 */
let evm: Promise<AnchorChainAdapter> | undefined;
let bitcoin: Promise<AnchorChainAdapter> | undefined;

const bitcoinEsploraUrl = () => process.env.BITCOIN_ESPLORA_URL;

/** Refuses a chain this deployment cannot anchor on (a 400 for the caller, before any work). */
export const assertChainConfigured = (chain: Blockchain): void => {
  if (chain === 'bitcoin' && !bitcoinEsploraUrl())
    throw badRequest('Anchoring on Bitcoin is not configured for this deployment.');
};

/**
 * The adapter for a chain as this deployment is configured: Ethereum through CHAIN_RPC_URL /
 * CHAIN_NETWORK; Bitcoin through an Esplora-compatible API at BITCOIN_ESPLORA_URL (BITCOIN_NETWORK
 * mainnet or testnet). No Bitcoin node runs on one machine, so there it is unconfigured.
 */
export const chainAdapter = (chain: Blockchain): Promise<AnchorChainAdapter> => {
  assertChainConfigured(chain);
  if (chain === 'ethereum') {
    return (evm ??= import('../adapters/chain/evm').then(({ createEvmAdapter }) =>
      createEvmAdapter({ rpcUrl: env.chainRpcUrl() }),
    ));
  }
  return (bitcoin ??= import('../adapters/chain/bitcoin').then(({ createBitcoinAdapter }) =>
    createBitcoinAdapter({ network: bitcoinNetwork(), esploraUrl: bitcoinEsploraUrl()! }),
  ));
};

/** A Bitcoin key's address (segwit), without needing the Esplora API. */
export const bitcoinAddressOf = async (privateKeyHex: string): Promise<string> => {
  const { createBitcoinAdapter } = await import('../adapters/chain/bitcoin');
  return createBitcoinAdapter({ network: bitcoinNetwork(), esploraUrl: 'http://127.0.0.1:9' }).addressOf(
    privateKeyHex,
  );
};
