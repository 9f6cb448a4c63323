import { useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteAccountReply, deletionPreviewDto, type DeleteAccountInput } from '../../../contract/account-data';
import { errorDto } from '../../../contract/common';
import { api, ApiError, SOMETHING_WRONG } from '../../lib/api';
import { meKey } from '../../lib/session';
import { useApiMutation } from '../../lib/mutation';

export const deletionPreviewKey = ['me', 'deletion-preview'] as const;

/** What deleting the account would do to each league (asked when the dialog opens, fresh every time). */
export function useDeletionPreview(enabled: boolean) {
  return useQuery({
    queryKey: deletionPreviewKey,
    enabled,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => api('/api/me/account/deletion-preview', { schema: deletionPreviewDto }),
  });
}

/** Deletes the account; afterwards this tab holds nothing of it (as after signing out). */
export function useDeleteAccount() {
  const qc = useQueryClient();
  const mutation = useApiMutation((body: DeleteAccountInput) =>
    api('/api/me/account/delete', { schema: deleteAccountReply, method: 'POST', body }),
  );
  return {
    ...mutation,
    async run(body: DeleteAccountInput) {
      await mutation.mutateAsync(body);
      qc.setQueryData(meKey, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  };
}

/** The file name the server gives the download (Content-Disposition), or a plain default. */
export function downloadName(disposition: string | null): string {
  const match = /filename="([^"\\/]{1,100})"/.exec(disposition ?? '');
  return match ? match[1]! : 'scoreline-my-data.json';
}

/**
 * Fetches the player's data and hands it to the browser as a file. Fetched first (not a plain
 * link) so a refusal (a wait, a lost session) is shown as a message instead of saved as the file.
 */
export async function downloadMyData(): Promise<string> {
  let res: Response;
  try {
    res = await fetch('/api/me/export', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach Scoreline. Check your connection and try again.');
  }
  if (!res.ok) {
    const e = errorDto.safeParse(await res.json().catch(() => null));
    throw e.success
      ? new ApiError(res.status, e.data.error.code, e.data.error.message)
      : new ApiError(res.status, 'error', SOMETHING_WRONG);
  }
  const name = downloadName(res.headers.get('content-disposition'));
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The browser has the file once the click is handled; the next tick frees the memory.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
