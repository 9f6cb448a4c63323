import { API_CACHE } from './cache-rules';

/**
 * Whether the app is offline, as the page sees it: the browser says so, or the last API answer
 * came from the service worker's cache because the network failed (a "connected" phone that
 * reaches nothing). Offline, the app shows what it last saw, read-only, and refuses every save
 * with OFFLINE_SAVE_MESSAGE: nothing is queued to be sent later, so nothing is lost without the
 * player knowing, and no old screen overwrites newer data when the connection comes back.
 */
export const OFFLINE_SAVE_MESSAGE = "You're offline, so this wasn't saved. Try again once you're back online.";

let servedFromCache = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function isOffline(): boolean {
  return browserOffline() || servedFromCache;
}

/** Called with every API answer: whether the worker took it from its cache. */
export function noteAnswer(fromCache: boolean): void {
  if (servedFromCache === fromCache) return;
  servedFromCache = fromCache;
  emit();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('online', emit);
    window.addEventListener('offline', emit);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', emit);
      window.removeEventListener('offline', emit);
    }
  };
}

/**
 * Drops every API answer the service worker kept, so the next person to use this browser never
 * sees them (on sign-out, and when a different player signs in). The app shell stays.
 */
export async function forgetKeptAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch {
    // Storage unavailable (private mode, blocked): nothing was kept either.
  }
}

const OWNER_KEY = 'scoreline.keptAnswersOwner';

/**
 * The kept answers belong to one player: when the signed-in player is someone else than the one
 * they were kept for (or nobody), they are dropped. Returns whether they were.
 */
export async function keepAnswersFor(userId: string | null): Promise<boolean> {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // No storage: treat the owner as unknown, which drops the answers below.
  }
  if (userId !== null && owner === userId) return false;
  await forgetKeptAnswers();
  return true;
}
