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
  // IPv4-compatible addresses (::a.b.c.d, deprecated; :: and ::1 among them): no public use, and
  // a stack that still routes them reaches the embedded IPv4 address, loopback included.
  ['::', 96],
  // Local-use NAT64 (RFC 8215): translators inside the operator's own network.
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/**
 * The well-known NAT64 prefix (RFC 6052): a translator turns 64:ff9b::a.b.c.d into IPv4 a.b.c.d,
 * so 64:ff9b::7f00:1 is the translator's view of 127.0.0.1. It is judged by the IPv4 address it
 * carries rather than refused whole: on an IPv6-only host with DNS64 every public feed resolves
 * into this prefix.
 */
const NAT64 = new net.BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The last 32 bits of an IPv6 address as dotted IPv4 (`64:ff9b::7f00:1` → `127.0.0.1`). */
export function embeddedIpv4(ipv6: string): string {
  let text = ipv6;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) return dotted[1]!;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const [head = '', tail] = text.split('::');
  const groups = [
    ...head.split(':').filter(Boolean),
    ...(tail === undefined ? [] : ['::']),
    ...(tail ?? '').split(':').filter(Boolean),
  ];
  const missing = 8 - groups.filter((g) => g !== '::').length;
  const full = groups.flatMap((g) => (g === '::' ? Array<string>(missing).fill('0') : [g]));
  const hi = parseInt(full[6] ?? '0', 16);
  const lo = parseInt(full[7] ?? '0', 16);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** True for an IP address on a loopback, private, link-local or otherwise non-public network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6 && NAT64.check(address, 'ipv6')) return isPrivateAddress(embeddedIpv4(address));
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
