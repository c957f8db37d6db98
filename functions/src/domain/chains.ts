import { badRequest } from '@proofmark/shared/errors';
import { env } from '../adapters/env';
import { createEvmAdapter } from '../adapters/chain/evm';
import { createBitcoinAdapter } from '../adapters/chain/bitcoin';
import type { AnchorChainAdapter } from '../adapters/chain/types';
import { bitcoinNetwork, type Blockchain } from './chain-networks';

export { anchorNetwork, blockchains, type Blockchain } from './chain-networks';

let evm: ReturnType<typeof createEvmAdapter> | undefined;
let bitcoin: AnchorChainAdapter | undefined;

/**
 * The adapter for a chain as this deployment is configured: Ethereum through CHAIN_RPC_URL /
 * CHAIN_NETWORK; Bitcoin through an Esplora-compatible API at BITCOIN_ESPLORA_URL (BITCOIN_NETWORK
 * mainnet or testnet). No Bitcoin node runs on one machine, so there it is unconfigured.
 */
export const chainAdapter = (chain: Blockchain): AnchorChainAdapter => {
  if (chain === 'ethereum') return (evm ??= createEvmAdapter({ rpcUrl: env.chainRpcUrl() }));
  const esploraUrl = process.env.BITCOIN_ESPLORA_URL;
  if (!esploraUrl) throw badRequest('Anchoring on Bitcoin is not configured for this deployment.');
  return (bitcoin ??= createBitcoinAdapter({ network: bitcoinNetwork(), esploraUrl }));
};

/** A Bitcoin key's address (segwit), without needing the Esplora API. */
export const bitcoinAddressOf = (privateKeyHex: string) =>
  createBitcoinAdapter({ network: bitcoinNetwork(), esploraUrl: 'http://127.0.0.1:9' }).addressOf(
    privateKeyHex,
  );
