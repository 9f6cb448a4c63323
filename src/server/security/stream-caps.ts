import net from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * Open live-update streams, shared out so that a flood from some addresses never shuts out the
 * rest (docs/decisions/0053). Every stream counts in the total. A visitor's stream (nobody
 * signed in, or an address not yet verified) counts against its client (its address, an IPv6
 * /64), its network (IPv4 /24, IPv6 /48) and the visitors' share, which stops short of the total
 * by the players' reserve. A verified player's stream counts against the player (whatever the
 * address, so players behind one NAT do not share a cap) and the player's network. The maps hold
 * one small entry per key with an open stream, so they are bounded by the total.
 */

export interface StreamCaps {
  /** All streams of this instance. */
  total: number;
  /** Streams kept for verified players: visitors may open at most `total - reservedForPlayers`. */
  reservedForPlayers: number;
  /** A visitor's streams per client (address, or IPv6 /64). */
  perAddress: number;
  /** Visitors' streams per network (IPv4 /24, IPv6 /48). */
  perNetwork: number;
  /** A verified player's streams (by account). */
  perPlayer: number;
  /** Verified players' streams per network. */
  playersPerNetwork: number;
}

export type StreamOwner =
  { kind: 'visitor'; address: string; network: string } | { kind: 'player'; userId: string; network: string };

/** Which cap refused a stream. */
export type StreamRefusal = 'address' | 'network' | 'visitors' | 'player' | 'players_network' | 'total';

export type StreamTicket = { ok: true; release: () => void } | { ok: false; refused: StreamRefusal };

/**
 * The network a client address belongs to: its IPv4 /24 or IPv6 /48 (an IPv4-mapped IPv6
 * address is its IPv4). One subscriber or one rented block is one network.
 */
export function networkOf(ip: string): string {
  const client = normalizeIP(ip);
  if (net.isIPv4(client)) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(client)) return `${normalizeIP(ip, 48)}/48`;
  return client;
}

export function createStreamCounter(caps: StreamCaps) {
  const counts = new Map<string, number>();
  let total = 0;
  let visitors = 0;
  const count = (key: string) => counts.get(key) ?? 0;
  const add = (key: string, by: 1 | -1) => {
    const n = count(key) + by;
    if (n <= 0) counts.delete(key);
    else counts.set(key, n);
  };

  return {
    /** Counts a new stream (its ticket releases it exactly once), or says which cap refuses it. */
    tryOpen(owner: StreamOwner): StreamTicket {
      const keys =
        owner.kind === 'visitor'
          ? ([
              [`address:${owner.address}`, caps.perAddress, 'address'],
              [`network:${owner.network}`, caps.perNetwork, 'network'],
            ] as const)
          : ([
              [`player:${owner.userId}`, caps.perPlayer, 'player'],
              [`players-network:${owner.network}`, caps.playersPerNetwork, 'players_network'],
            ] as const);
      for (const [key, cap, refused] of keys) if (count(key) >= cap) return { ok: false, refused };
      if (owner.kind === 'visitor' && visitors >= caps.total - caps.reservedForPlayers)
        return { ok: false, refused: 'visitors' };
      if (total >= caps.total) return { ok: false, refused: 'total' };
      for (const [key] of keys) add(key, 1);
      total++;
      if (owner.kind === 'visitor') visitors++;
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          for (const [key] of keys) add(key, -1);
          total--;
          if (owner.kind === 'visitor') visitors--;
        },
      };
    },
    get total() {
      return total;
    },
    get visitors() {
      return visitors;
    },
    /** Keys with an open stream (the maps' size, for the memory bound). */
    get keys() {
      return counts.size;
    },
  };
}
