import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';

export interface Me {
  id: string;
  email: string;
  name: string;
  username: string;
  teamName: string | null;
  role: 'player' | 'admin';
  emailVerified: boolean;
  createdAt: string;
}

export const meKey = ['me'] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    return (await api<{ user: Me }>('/api/me')).user;
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

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', body: {} });
    } catch {
      // Spec: sign-out errors are logged only; the session is dropped locally either way.
      console.error('Sign-out failed');
    }
    qc.setQueryData(meKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  };
}
