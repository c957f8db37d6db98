/**
 * Where the public verifier reads a chain: the API's read-only relay, one path per chain and
 * network. Kept apart from the contract (contract/public.ts re-exports it) so the verifier app can
 * use it without the contract's schemas.
 */

/** A relay's path segment for an anchor's chain and network: `eth-sepolia`, `btc-testnet`. */
export const chainRelayNetwork = (anchor: { chain: string; network: string }) =>
  `${anchor.chain}-${anchor.network}`;

export const chainRelayPath = (anchor: { chain: string; network: string }) =>
  `/api/public/chain/${encodeURIComponent(chainRelayNetwork(anchor))}`;
