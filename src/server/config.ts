import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './security/trust-proxy.js';
import { makePrivateDir, tightenFile, writePrivateFile } from './security/private-files.js';

const emailList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })));

/** Every setting (each described in .env.example), validated once at start-up. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  DATABASE_URL: z.string().min(1).default('./data/scoreline.db'),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z.url({ message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Scoreline <no-reply@scoreline.local>'),
  ADMIN_EMAILS: emailList.default([]),
  SCORELINE_NOW: z.iso
    .datetime({ offset: true, message: 'must be an ISO instant such as 2025-08-15T12:00:00Z' })
    .optional(),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where generated secrets live; the directory of the embedded database by default. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seeds the built-in seasons (2025/26, 2026/27) at start-up, once each (on unless "false"). */
  SEED_SEASON: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How often each season's results feed is read, in minutes (off when unset). docs/feed.md. */
  FEED_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
  /** Let feeds be read from loopback and private networks (a mirror inside the network; tests). Off unless "true". */
  FEED_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The whole fetch of a feed, connect to last byte, in seconds. */
  FEED_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  /** Where the feed address suggested to the admin points: openfootball's england files, or a mirror of them. docs/feed.md. */
  FEED_SUGGESTION_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
    .default('https://raw.githubusercontent.com/openfootball/england/master'),
  /** Open connections in total; beyond it a new connection is closed at once (security/connection-caps.ts). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Open connections per client address (IPv6: per /64); off behind TRUST_PROXY, where the proxy limits clients. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(256),
  /** Behind a reverse proxy: a hop count or the proxies' addresses/CIDRs whose X-Forwarded-For is believed. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
});

export type RawConfig = z.infer<typeof ConfigSchema>;
export interface Config extends RawConfig {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  isProduction: boolean;
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: raw.AUTH_SECRET ?? readOrCreateSecret(raw.DATA_DIR),
    isProduction: raw.NODE_ENV === 'production',
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/** AUTH_SECRET defaults to a random secret generated once and kept in the data directory. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      tightenFile(file);
      return existing;
    }
  } catch {
    // First start: create it below.
  }
  makePrivateDir(dataDir);
  const secret = crypto.randomBytes(32).toString('hex');
  writePrivateFile(file, secret);
  return secret;
}
