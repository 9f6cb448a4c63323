import net from 'node:net';

/** Fastify's `trustProxy`: off, a hop count, or the proxies whose X-Forwarded-For is believed. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole private ranges, accepted as a convenience. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify takes it. Unset means off: a forwarded header is never believed, since
 * any client can send one. `true` (believe everyone) is refused on purpose. Returns the parsed
 * value, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    return 'true would believe any client’s X-Forwarded-For; give the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=127.0.0.1)';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
    return 'must be a hop count from 1 to 10, or a comma-separated list of proxy addresses or CIDR ranges';
  }
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.filter((i) => !isAddressOrRange(i));
  if (items.length === 0 || bad.length > 0) {
    return `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1, 10.0.0.0/8); not understood: ${bad.join(', ') || value}`;
  }
  return items;
}
