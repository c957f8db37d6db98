import type { Anchor } from '../../anchor';
import type { ChainLookup, ChainResolver } from '../types';

/** A resolver from a table keyed '<chain>:<network>', e.g. { 'eth:sepolia': lookup }. */
export function chainResolver(table: Record<string, ChainLookup>): ChainResolver {
  return (anchor: Anchor) => table[`${anchor.chain}:${anchor.network}`];
}
