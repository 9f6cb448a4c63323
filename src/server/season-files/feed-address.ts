import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Keeps the feed fetcher off private networks. An admin account (or whoever took it over) types
 * the feed address; without this, the server would fetch from its own loopback, the cloud
 * metadata address or the office network, and the parser's error messages quote a line of
 * whatever came back. Checked on the address actually connected to (a lookup hook), so a name
 * that resolves to a private address, or changes between check and connect, is refused too.
 */

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** True for an IP address on a loopback, private, link-local or otherwise non-public network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_ADDRESS_CODE = 'ERR_FEED_PRIVATE_ADDRESS';

/** An IP literal host (`127.0.0.1`, `[::1]`) without its brackets, or null for a name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/** dns.lookup that drops private addresses, and fails with PRIVATE_ADDRESS_CODE when none is left. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) {
      const refused = Object.assign(new Error(`${hostname} resolves only to private addresses`), {
        code: PRIVATE_ADDRESS_CODE,
      });
      return callback(refused as NodeJS.ErrnoException, '', 0);
    }
    // net asks for every address when it tries them in turn (autoSelectFamily), else for one.
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
