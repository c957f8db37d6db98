import { env } from '../adapters/env';

/*
 * The chains and the network names this deployment anchors on. A leaf module: the verifier relay
 * needs the names, not the adapters (ethers, @scure/btc-signer), which stay out of its bundle.
 */

export const blockchains = ['ethereum', 'bitcoin'] as const;
export type Blockchain = (typeof blockchains)[number];

export const bitcoinNetwork = () => (process.env.BITCOIN_NETWORK === 'mainnet' ? 'mainnet' : 'testnet');

/** The network name written into anchors (`blink:eth:<network>:<tx>`, `blink:btc:<network>:<tx>`). */
export const anchorNetwork = (chain: Blockchain) =>
  chain === 'ethereum' ? env.chainNetwork() : bitcoinNetwork();
