import type { Config } from '../config.js';

/**
 * Which names and addresses are "this server" (safe by default on a public address). A browser tricked by DNS
 * rebinding sends the attacker's name in Host, never one of these, so checking Host defeats it.
 */
const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** True for localhost, 127.0.0.0/8 and ::1 (a HOST setting, or a Host header's name). */
export function isLoopbackHostname(name: string): boolean {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  return LOOPBACK_NAMES.has(n) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(n);
}

/** True for a socket address on this machine (IPv4, IPv6 and IPv4-mapped IPv6 loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return a === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** The lower-case host name of a Host header (`[::1]` keeps its brackets), or null when malformed. */
export function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  try {
    const url = new URL(`http://${hostHeader}`);
    // Anything beyond host[:port] (a path, credentials) is not a Host header.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname;
  } catch {
    return null;
  }
}

/** Host names this server answers for: PUBLIC_URL's and the loopback names. */
export function ownHostnames(config: Config): Set<string> {
  return new Set([new URL(config.PUBLIC_URL).hostname, 'localhost', '127.0.0.1', '[::1]']);
}

/** The Vite dev server's port (vite.config.ts), whose pages proxy /api to this server in development. */
const VITE_DEV_PORT = 5173;

/**
 * Origins whose pages may change state: PUBLIC_URL's, and in development the same server opened
 * by either loopback name (a newcomer typing 127.0.0.1 instead of localhost), or the Vite dev server.
 */
export function trustedOrigins(config: Config): string[] {
  const own = new URL(config.PUBLIC_URL).origin;
  if (config.isProduction) return [own];
  const loopback = [config.PORT, VITE_DEV_PORT].flatMap((port) =>
    ['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${port}`),
  );
  return [...new Set([own, ...loopback])];
}

export const wrongOriginMessage = (config: Config) =>
  `This page was opened from another address. Open this site at ${config.PUBLIC_URL} and try again.`;
