import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { coveringKeys } from './covering-keys';

export interface ApiMutationOptions<TData, TVars> {
  /** Query prefixes to refetch once the call is over, success or not (other tabs learn it from live events). */
  invalidates?: readonly QueryKey[];
  /** Put the answer straight into the cache (e.g. settings the server echoes back). */
  onSuccess?: (data: TData, vars: TVars) => void;
}

/**
 * The one way the web changes data: a TanStack mutation over an `api()` call, which refetches
 * what it names when it is over. `mutateAsync` resolves after that refetch has been started and
 * awaited, so a screen that shows the change next sees it.
 */
export function useApiMutation<TVars = void, TData = unknown>(call: (vars: TVars) => Promise<TData>, opts: ApiMutationOptions<TData, TVars> = {}) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn: call,
    onSuccess: (data, vars) => opts.onSuccess?.(data, vars),
    onSettled: async () => {
      await Promise.all(coveringKeys(opts.invalidates ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
