import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './outbound-targets';

describe('isPrivateAddress', () => {
  it('flags loopback, private, link-local, metadata, CGNAT, multicast and their v6 forms', () => {
    for (const ip of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });
  it('lets public addresses through', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
