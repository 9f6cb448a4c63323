/**
 * The Better Auth endpoints Scoreline uses, and the one place that decides which endpoint a
 * request is for. The path is resolved the way a URL parser does (`/./`, `/x/../`, `%2e`), then
 * must be one of these exactly: no empty segments, no trailing slash, no percent-encoding. The
 * request handed to Better Auth is rebuilt from that canonical path, so every check the bridge
 * makes (sign-up validation, the sign-in throttle) is made on what Better Auth will route.
 * Everything else Better Auth offers (update-user, change-email, delete-user, session lists…)
 * is closed: profile changes go through our own validated routes.
 */
const ROUTES: Record<string, ReadonlyArray<'GET' | 'POST'>> = {
  '/sign-up/email': ['POST'],
  '/sign-in/email': ['POST'],
  '/sign-out': ['POST'],
  '/get-session': ['GET'],
  '/send-verification-email': ['POST'],
  '/verify-email': ['GET'],
  '/request-password-reset': ['POST'],
  '/reset-password': ['POST'],
  '/change-password': ['POST'],
  // "Sign out everywhere" (Settings): ends every session of the caller, this one included.
  '/revoke-sessions': ['POST'],
};
/** The mailed reset link, which redirects to the reset screen with its token. */
const RESET_LINK = /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/;

export const AUTH_BASE = '/api/auth';

export interface AuthRoute {
  /** The endpoint's path below /api/auth, e.g. `/sign-in/email`. */
  path: string;
  /** The absolute URL to hand to Better Auth (canonical path, original query). */
  url: string;
}

/** The endpoint a request is for, or null when it is not one the app serves (answer 404). */
export function resolveAuthRoute(method: string, rawUrl: string, publicUrl: string): AuthRoute | null {
  let parsed: URL;
  try {
    parsed = new URL(rawUrl, 'http://scoreline.invalid');
  } catch {
    return null;
  }
  const { pathname, search } = parsed;
  if (!pathname.startsWith(`${AUTH_BASE}/`)) return null;
  const path = pathname.slice(AUTH_BASE.length);
  if (path.includes('//') || path.endsWith('/') || path.includes('%')) return null;
  const allowed = ROUTES[path] ?? (RESET_LINK.test(path) ? ['GET'] : undefined);
  if (!allowed?.includes(method as 'GET' | 'POST')) return null;
  return { path, url: `${new URL(publicUrl).origin}${AUTH_BASE}${path}${search}` };
}
