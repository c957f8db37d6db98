/*
 * The chains credentials can be anchored on. A leaf module: what this deployment is configured
 * for, and the chain libraries, are the adapter's (adapters/chain/deployment-chains.ts).
 */

export const blockchains = ['ethereum', 'bitcoin'] as const;
export type Blockchain = (typeof blockchains)[number];
