import type { Config } from '../config.js';
import { isLoopbackHostname } from './hosts.js';

/**
 * Configurations that would expose players' accounts, refused at start-up, so a public server is safe by default.
 * Each reason names the variable to set. An empty list means the start is safe.
 */
export function unsafeStartReasons(config: Config): string[] {
  const reasons: string[] = [];
  const outbox = !config.SMTP_URL;
  const listensBeyondLoopback = !isLoopbackHostname(config.HOST);
  if (config.isProduction && outbox) {
    reasons.push(
      'NODE_ENV=production but no SMTP_URL is set, so account e-mails (with their reset links) would go to the development outbox. Set SMTP_URL to your mail server, e.g. SMTP_URL=smtp://user:pass@smtp.example.com:587.',
    );
  } else if (outbox && listensBeyondLoopback) {
    reasons.push(
      `HOST=${config.HOST} makes the server reachable from other machines while mail goes to the development outbox (which holds every reset link). Set HOST=127.0.0.1, or set SMTP_URL to a real mail server.`,
    );
  }
  const publicUrl = new URL(config.PUBLIC_URL);
  const reachable = listensBeyondLoopback || !isLoopbackHostname(publicUrl.hostname);
  if (config.isProduction && reachable && publicUrl.protocol !== 'https:') {
    reasons.push(
      `PUBLIC_URL=${config.PUBLIC_URL} is not https://, so passwords and session cookies would cross the network in clear. Serve Scoreline behind HTTPS and set PUBLIC_URL=https://your.domain (see docs/operations.md).`,
    );
  }
  return reasons;
}

/** The message printed when the server refuses to start. */
export function refusalMessage(reasons: string[]): string {
  return `Refusing to start: this configuration is not safe.\n  - ${reasons.join('\n  - ')}`;
}
