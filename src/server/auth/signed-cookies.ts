import crypto from 'node:crypto';
import type { Config } from '../config.js';

/**
 * Two small cookies of our own beside Better Auth's session, both HMAC-signed with AUTH_SECRET
 * (each with its own purpose in the signed text, so one can never pass for the other), httpOnly,
 * SameSite=Lax and sent only to /api/auth:
 *
 * - the sign-up claim (decision 0049): "this browser chose the password this unverified
 *   registration now has". It signs the registration's id and its current password hash, so it
 *   stops matching the moment another sign-up replaces that password. Opening the verification
 *   link in a browser holding it finishes at once; anywhere else the verifier chooses the password.
 * - the known device (decision 0050): "this browser has signed in to this account before". It
 *   exempts the browser from the account-wide sign-in limit (the per-address limit still applies).
 *
 * Neither names the account: the value is an expiry and a MAC, checked against the account the
 * request is about. A decoy (a MAC of random bytes) has the same shape, so a response that sets
 * one tells nothing about whether an account exists.
 */
export const CLAIM_TTL_S = 24 * 60 * 60;
export const DEVICE_TTL_S = 180 * 24 * 60 * 60;

type Purpose = 'signup-claim' | 'known-device';

const NAMES: Record<Purpose, string> = { 'signup-claim': 'scoreline_signup', 'known-device': 'scoreline_device' };

export function cookieName(purpose: Purpose, config: Config): string {
  // __Secure- makes the browser refuse the cookie unless it came over https with Secure set.
  return config.secureCookies ? `__Secure-${NAMES[purpose]}` : NAMES[purpose];
}

const mac = (secret: string, purpose: Purpose, subject: string, expires: number) =>
  crypto.createHmac('sha256', secret).update(`${purpose}\n${expires}\n${subject}`).digest('base64url');

function signedValue(
  config: Config,
  purpose: Purpose,
  subject: string | null,
  ttlSeconds: number,
  nowMs: number,
): string {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  // A decoy signs random bytes: same length and alphabet as a real value, matching nothing.
  return `${expires}.${mac(config.AUTH_SECRET, purpose, subject ?? crypto.randomBytes(32).toString('base64url'), expires)}`;
}

function setCookieHeader(config: Config, purpose: Purpose, value: string, maxAge: number): string {
  return [
    `${cookieName(purpose, config)}=${value}`,
    'Path=/api/auth',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(config.secureCookies ? ['Secure'] : []),
  ].join('; ');
}

/** The value of one of our cookies in a Cookie header, or null. */
export function readCookie(cookieHeader: string | undefined, purpose: Purpose, config: Config): string | null {
  if (!cookieHeader) return null;
  const name = `${cookieName(purpose, config)}=`;
  for (const part of cookieHeader.split(';')) {
    const p = part.trim();
    if (p.startsWith(name)) return p.slice(name.length);
  }
  return null;
}

function matches(config: Config, purpose: Purpose, value: string | null, subject: string, nowMs: number): boolean {
  if (!value) return false;
  const dot = value.indexOf('.');
  const expires = Number(value.slice(0, dot));
  if (dot <= 0 || !Number.isInteger(expires) || expires * 1000 <= nowMs) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(config.AUTH_SECRET, purpose, subject, expires));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const claimSubject = (userId: string, passwordHash: string) =>
  `${userId}\n${crypto.createHash('sha256').update(passwordHash).digest('base64url')}`;

/** Set-Cookie for a sign-up claim on this registration and password hash; a decoy when there is none to claim. */
export function claimCookie(
  config: Config,
  claim: { userId: string; passwordHash: string } | null,
  nowMs: number,
): string {
  const subject = claim ? claimSubject(claim.userId, claim.passwordHash) : null;
  return setCookieHeader(
    config,
    'signup-claim',
    signedValue(config, 'signup-claim', subject, CLAIM_TTL_S, nowMs),
    CLAIM_TTL_S,
  );
}

/** Whether the request's claim cookie was issued for this registration with this very password hash. */
export function claimMatches(
  config: Config,
  cookieHeader: string | undefined,
  claim: { userId: string; passwordHash: string },
  nowMs: number,
): boolean {
  return matches(
    config,
    'signup-claim',
    readCookie(cookieHeader, 'signup-claim', config),
    claimSubject(claim.userId, claim.passwordHash),
    nowMs,
  );
}

/** Set-Cookie that removes the claim (the registration was confirmed). */
export function clearClaimCookie(config: Config): string {
  return setCookieHeader(config, 'signup-claim', '', 0);
}

/** Set-Cookie marking this browser as a known device of the account. */
export function knownDeviceCookie(config: Config, userId: string, nowMs: number): string {
  return setCookieHeader(
    config,
    'known-device',
    signedValue(config, 'known-device', userId, DEVICE_TTL_S, nowMs),
    DEVICE_TTL_S,
  );
}

/** Whether the request comes from a browser that has signed in to this account before. */
export function isKnownDevice(
  config: Config,
  cookieHeader: string | undefined,
  userId: string,
  nowMs: number,
): boolean {
  return matches(config, 'known-device', readCookie(cookieHeader, 'known-device', config), userId, nowMs);
}
