import { badRequest } from '@proofmark/shared/errors';
import type { Blockchain } from '@proofmark/shared/settings/choices';
import { functionConfig } from '../function-config';

/*
 * The chains this deployment anchors on and reads, by name and URL only: Ethereum through
 * CHAIN_RPC_URL / CHAIN_NETWORK; Bitcoin through an Esplora-compatible API at BITCOIN_ESPLORA_URL
 * (BITCOIN_NETWORK mainnet or testnet). No Bitcoin node runs on one machine, so there it is off.
 * A leaf module on purpose: the verifier relay needs these, not the chain libraries
 * (deployment-chains.ts), which would otherwise land in its bundle.
 */

const chains = () => functionConfig().chains;

/** The network name written into anchors (`blink:eth:<network>:<tx>`, `blink:btc:<network>:<tx>`). */
export const anchorNetwork = (chain: Blockchain): string =>
  chain === 'ethereum' ? chains().network : chains().bitcoin.network;

/** Confirmations the anchor job waits for before publishing (1 on a dev chain; more on a public chain). */
export const requiredConfirmations = (): number => chains().confirmations;

/** Refuses a chain this deployment cannot anchor on (a 400 for the caller, before any work). */
export const assertChainConfigured = (chain: Blockchain): void => {
  if (chain === 'bitcoin' && !chains().bitcoin.esploraUrl)
    throw badRequest('Anchoring on Bitcoin is not configured for this deployment.');
};

/**
 * Where the verifier relay reads a network named `eth-<network>` or `btc-<network>`: this
 * deployment's EVM network and, when configured, its Bitcoin network. Any other: undefined.
 */
export const relayUpstreamFor = (
  network: string,
): { kind: 'evm'; url: string } | { kind: 'esplora'; url: string } | undefined => {
  if (network === `eth-${anchorNetwork('ethereum')}`) return { kind: 'evm', url: chains().rpcUrl };
  const esplora = chains().bitcoin.esploraUrl;
  if (esplora && network === `btc-${anchorNetwork('bitcoin')}`)
    return { kind: 'esplora', url: esplora.replace(/\/+$/, '') };
  return undefined;
};
