// Anchors name the transaction that carries a batch's Merkle root, as
// 'blink:<chain>:<network>:<txid>'. Chain and network ids are the ones the Blockcerts proofValue
// keymap uses (lds-merkle-proof-2019 Keymap), so the compact CBOR form round-trips in its decoder.

export type AnchorChain = 'btc' | 'eth' | 'mtc' | 'mocknet';

export interface Anchor {
  chain: AnchorChain;
  /** A known network name, or the decimal chain id of a network the keymap does not know (a dev chain). */
  network: string;
  /** Bitcoin: 64 hex chars. EVM: '0x' + 64 hex chars. */
  txId: string;
}

export const CHAIN_IDS: Record<AnchorChain, number> = { btc: 0, eth: 1, mtc: 2, mocknet: -1 };

export const NETWORK_IDS: Record<AnchorChain, Record<string, number>> = {
  btc: { mainnet: 1, testnet: 3 },
  eth: { mainnet: 1, ropsten: 3, rinkeby: 4, goerli: 5, sepolia: 11155111 },
  mtc: { mainnet: 137, mumbai: 80001 },
  mocknet: { mocknet: -1 },
};

export class AnchorFormatError extends Error {
  readonly code = 'INVALID_ANCHOR';
}

export function isEvmChain(chain: AnchorChain): boolean {
  return chain === 'eth' || chain === 'mtc';
}

export function formatAnchor(anchor: Anchor): string {
  assertAnchor(anchor);
  return `blink:${anchor.chain}:${anchor.network}:${anchor.txId}`;
}

export function parseAnchor(text: string): Anchor {
  const parts = text.split(':');
  if (parts.length !== 4 || parts[0] !== 'blink')
    throw new AnchorFormatError(`"${text}" is not a blink:<chain>:<network>:<txid> anchor`);
  const chain = parts[1] as AnchorChain;
  if (!(chain in CHAIN_IDS)) throw new AnchorFormatError(`unknown chain "${parts[1]}" in anchor`);
  const anchor = { chain, network: parts[2]!, txId: parts[3]! };
  assertAnchor(anchor);
  return anchor;
}

/** Numeric network id for the CBOR form; unknown names must already be a decimal chain id. */
export function networkId(chain: AnchorChain, network: string): number {
  const known = NETWORK_IDS[chain][network];
  if (known !== undefined) return known;
  if (/^[1-9]\d*$/.test(network) && Number.isSafeInteger(Number(network))) return Number(network);
  throw new AnchorFormatError(`unknown ${chain} network "${network}"`);
}

export function networkName(chain: AnchorChain, id: number): string {
  const entry = Object.entries(NETWORK_IDS[chain]).find(([, value]) => value === id);
  return entry ? entry[0] : String(id);
}

function assertAnchor(anchor: Anchor): void {
  if (!(anchor.chain in CHAIN_IDS)) throw new AnchorFormatError(`unknown chain "${anchor.chain}"`);
  networkId(anchor.chain, anchor.network);
  const pattern = isEvmChain(anchor.chain)
    ? /^0x[0-9a-fA-F]{64}$/
    : anchor.chain === 'btc'
      ? /^[0-9a-fA-F]{64}$/
      : /^\S+$/;
  if (!pattern.test(anchor.txId))
    throw new AnchorFormatError(`"${anchor.txId}" is not a ${anchor.chain} transaction id`);
}
