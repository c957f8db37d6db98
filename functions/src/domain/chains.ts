import { badRequest } from '@proofmark/shared/errors';
import { env } from '../adapters/env';
import { createEvmAdapter } from '../adapters/chain/evm';
import type { AnchorChainAdapter } from '../adapters/chain/types';

export const blockchains = ['ethereum', 'bitcoin'] as const;
export type Blockchain = (typeof blockchains)[number];

let evm: ReturnType<typeof createEvmAdapter> | undefined;

/** The adapter for a chain as this deployment is configured (CHAIN_RPC_URL / CHAIN_NETWORK). */
export const chainAdapter = (chain: Blockchain): AnchorChainAdapter => {
  if (chain === 'ethereum') return (evm ??= createEvmAdapter({ rpcUrl: env.chainRpcUrl() }));
  throw badRequest('Anchoring on Bitcoin is not configured for this deployment.');
};

/** The network name written into anchors (`blink:eth:<network>:<tx>`). */
export const anchorNetwork = (chain: Blockchain) => (chain === 'ethereum' ? env.chainNetwork() : 'mainnet');
