import { describe, expect, test } from 'vitest';
import { embeddedIpv4, isPrivateAddress } from './feed-address.js';

describe('the feed address blocklist', () => {
  test('NAT64 (64:ff9b::/96) is judged by the IPv4 address it carries', () => {
    for (const a of [
      '64:ff9b::7f00:1', // 127.0.0.1
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1', // 10.0.0.1
      '64:ff9b::a9fe:a9fe', // 169.254.169.254, cloud metadata
      '64:ff9b::c0a8:101', // 192.168.1.1
      '64:ff9b::', // 0.0.0.0
      '64:FF9B:0:0:0:0:7F00:1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    // DNS64 on an IPv6-only host puts every public feed in this prefix: those stay reachable.
    for (const a of ['64:ff9b::b9c7:6c85', '64:ff9b::8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  test('local-use NAT64 (64:ff9b:1::/48) is refused whole', () => {
    for (const a of ['64:ff9b:1::7f00:1', '64:ff9b:1::808:808', '64:ff9b:1:ffff::1'])
      expect(isPrivateAddress(a), a).toBe(true);
  });

  test('IPv4-compatible addresses (::a.b.c.d, ::/96) are refused, loopback among them', () => {
    for (const a of ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::8.8.8.8', '::1', '::', '::ffff'])
      expect(isPrivateAddress(a), a).toBe(true);
    // Neighbours outside the prefix are judged as before.
    for (const a of ['::1:0:0:1', '2606:50c0:8000::154', '::ffff:8.8.8.8', '64:ff9a::7f00:1'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  test('reads the embedded IPv4 address in either spelling', () => {
    expect(embeddedIpv4('64:ff9b::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b:0:0:0:0:c0a8:0101')).toBe('192.168.1.1');
    expect(embeddedIpv4('64:ff9b::')).toBe('0.0.0.0');
  });
});
