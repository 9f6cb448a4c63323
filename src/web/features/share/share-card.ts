import { errorDto } from '../../../contract/common';

/**
 * Sharing a card (decision 0112): the PNG is fetched from its route, then offered to the system
 * share sheet as a file where the browser can share files (most phones); elsewhere it is
 * downloaded. The page's own link is never put beside the file: a shared picture stands alone.
 */
export type ShareOutcome =
  { kind: 'shared' } | { kind: 'cancelled' } | { kind: 'downloaded' } | { kind: 'failed'; message: string };

export const CARD_FAILED = 'Could not make the picture. Please try again.';
export const CARD_DOWNLOADED = 'Picture downloaded: share it from your files.';

/** What sharing needs from the browser (the real one in the app, a fake in tests). */
export interface ShareHost {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  canShare?: (data: ShareData) => boolean;
  share?: (data: ShareData) => Promise<void>;
  download: (file: File) => void;
}

export async function shareCard(
  host: ShareHost,
  card: { path: string; fileName: string; title: string },
): Promise<ShareOutcome> {
  let res: Response;
  try {
    res = await host.fetch(card.path, { credentials: 'same-origin', headers: { accept: 'image/png' } });
  } catch {
    return { kind: 'failed', message: 'Could not reach Scoreline. Check your connection and try again.' };
  }
  if (!res.ok) {
    const body = errorDto.safeParse(await res.json().catch(() => null));
    return { kind: 'failed', message: body.success ? body.data.error.message : CARD_FAILED };
  }
  const file = new File([await res.blob()], card.fileName, { type: 'image/png' });
  const data: ShareData = { files: [file], title: card.title };
  if (host.share && host.canShare?.(data)) {
    try {
      await host.share(data);
      return { kind: 'shared' };
    } catch (err) {
      if ((err as Error).name === 'AbortError') return { kind: 'cancelled' };
      // Refused (no user gesture left after the fetch, a policy): the download still gets it out.
    }
  }
  host.download(file);
  return { kind: 'downloaded' };
}

/** The browser's own share sheet and a download through a temporary link. */
export function browserShareHost(): ShareHost {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    fetch: (path, init) => fetch(path, init),
    canShare: nav?.canShare ? (data) => nav.canShare(data) : undefined,
    share: nav?.share ? (data) => nav.share(data) : undefined,
    download(file) {
      const url = URL.createObjectURL(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = file.name;
      document.body.append(a);
      a.click();
      a.remove();
      // The click has started the download: the object URL can go once the event loop moves on.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  };
}
