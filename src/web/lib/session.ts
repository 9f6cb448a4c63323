import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authBridgeReply, meReply, type Me } from '../../contract/account';
import { api, ApiError } from './api';
import { useApiMutation } from './mutation';

export const meKey = ['me'] as const;

/** Calls under way that give this browser a new session cookie in their answer (a password change). */
const replacing = new Set<Promise<unknown>>();

/**
 * Runs a call whose answer replaces this browser's session cookie, ending the old session. The
 * server announces the change (`session.changed`) as soon as it is committed, so the page may be
 * asked who is signed in before the answer with the new cookie has arrived: asked with the old
 * one, the server would rightly say "nobody". Asking waits for such a call to finish instead.
 */
export async function replacingSession<T>(call: () => Promise<T>): Promise<T> {
  const running = call();
  replacing.add(running);
  try {
    return await running;
  } finally {
    replacing.delete(running);
  }
}

/**
 * Asks the auth library first (it answers a visitor with null, not 401, and extends a long-lived
 * session once per visit), so a public page logs no failed request; only a session asks /api/me.
 * Never while the session cookie is being replaced (replacingSession): asked then, the answer
 * would be about the cookie that is going away.
 */
export async function fetchMe(): Promise<Me | null> {
  while (replacing.size > 0) await Promise.allSettled([...replacing]);
  try {
    const res = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (res.ok && (await res.json().catch(() => null)) === null) return null;
  } catch {
    // The auth library unreachable: /api/me below says what the server thinks.
  }
  try {
    return (await api('/api/me', { schema: meReply })).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The signed-in user (null for visitors). `isPending` is true until the first answer. */
export function useSession() {
  const q = useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 60_000, retry: 1 });
  return { user: q.data ?? null, isPending: q.isPending, isAdmin: q.data?.role === 'admin', refetch: q.refetch };
}

/** Signing out drops every cached answer but "me" (set to nobody), whether the server answered or not. */
export function useSignOut() {
  const qc = useQueryClient();
  const signOut = useApiMutation(() =>
    api('/api/auth/sign-out', { schema: authBridgeReply, method: 'POST', body: {} }),
  );
  return async () => {
    try {
      await signOut.mutateAsync();
    } catch {
      // Spec: sign-out errors are logged only; the session is dropped locally either way.
      console.error('Sign-out failed');
    }
    qc.setQueryData(meKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  };
}
