import { describe, expect, it } from 'vitest';
import { Wallet, formatEther } from 'ethers';
import { evmAddressOf, formatEth } from './evm-rpc';

// ethers (what the anchor job signs with) is the reference for what the keys function now derives alone.
describe('EVM helpers without ethers', () => {
  it('derives the same checksummed address as ethers for a key, with or without 0x', () => {
    for (let i = 0; i < 5; i++) {
      const wallet = Wallet.createRandom();
      expect(evmAddressOf(wallet.privateKey)).toBe(wallet.address);
      expect(evmAddressOf(wallet.privateKey.slice(2))).toBe(wallet.address);
    }
  });

  it('shows wei as ether like ethers does', () => {
    for (const wei of [21_000n * 2_000_000_000n, 1n, 123_456_789_000_000_000n, 10n ** 18n, 0n])
      expect(formatEth(wei)).toBe(`${formatEther(wei)} ETH`);
  });
});
