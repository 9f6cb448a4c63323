import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeEvent } from '../../contract/events';
import { changeKeys } from './change-keys';
import { coveringKeys } from './covering-keys';

export interface ApiMutationOptions<TData, TVars> {
  /** Query prefixes to refetch once the call is over, success or not (other tabs learn it from live events). */
  invalidates?: readonly QueryKey[];
  /**
   * The changes the call makes (src/contract/events.ts; `data` is undefined when it failed): this
   * tab refreshes what they change through the same map the live events of other tabs go through
   * (lib/change-keys.ts), once the call is over.
   */
  changes?: (vars: TVars, data: TData | undefined) => readonly ChangeEvent[];
  /** Put the answer straight into the cache (e.g. settings the server echoes back). */
  onSuccess?: (data: TData, vars: TVars) => void;
}

/**
 * The one way the web changes data: a TanStack mutation over an `api()` call, which refetches
 * what it names when it is over. `mutateAsync` resolves after that refetch has been started and
 * awaited, so a screen that shows the change next sees it.
 */
export function useApiMutation<TVars = void, TData = unknown>(
  call: (vars: TVars) => Promise<TData>,
  opts: ApiMutationOptions<TData, TVars> = {},
) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn: call,
    onSuccess: (data, vars) => opts.onSuccess?.(data, vars),
    onSettled: async (data, _error, vars) => {
      const keys = [...(opts.invalidates ?? []), ...(opts.changes?.(vars, data) ?? []).flatMap(changeKeys)];
      await Promise.all(coveringKeys(keys).map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
