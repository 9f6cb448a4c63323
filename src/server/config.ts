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
  /** Web Push keys (base64url, as `npx web-push generate-vapid-keys` prints); both or neither. Unset: generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be an uncompressed P-256 public key, base64url' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key, base64url' })
    .optional(),
  /** Who push services may contact about our messages: a mailto: or https: address (PUBLIC_URL by default). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, { message: 'must be a mailto: or https:// address' })
    .optional(),
  /** Let push messages go to loopback and private networks (tests with a local push endpoint). Off unless "true". */
  PUSH_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** One delivery to a push service, connect to answer, in seconds. */
  PUSH_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
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
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
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
  if ((raw.VAPID_PUBLIC_KEY === undefined) !== (raw.VAPID_PRIVATE_KEY === undefined))
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  const vapid =
    raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
      ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY }
      : // Tests build many apps: fresh keys in memory rather than files in the working directory.
        raw.NODE_ENV === 'test'
        ? newVapidKeys()
        : readOrCreateVapidKeys(raw.DATA_DIR);
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // A push service wants a contact it can reach; localhost is not one, so fall back to a mailto.
    VAPID_SUBJECT:
      raw.VAPID_SUBJECT ??
      (publicUrl.startsWith('https://') ? publicUrl : `mailto:${raw.SUPPORT_EMAIL ?? 'push@scoreline.invalid'}`),
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

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A P-256 key pair in the encoding Web Push uses: the uncompressed public point and the private scalar, base64url. */
function newVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
  };
}

/**
 * The Web Push keys default to a pair generated once and kept beside the auth secret: browsers
 * subscribed with the public key, so a new pair would silently cut off every device.
 */
function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      tightenFile(file);
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch {
    // First start: create it below.
  }
  makePrivateDir(dataDir);
  const keys = newVapidKeys();
  writePrivateFile(file, JSON.stringify(keys));
  return keys;
}
