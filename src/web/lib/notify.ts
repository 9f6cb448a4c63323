import { toast } from 'sonner';

/**
 * The one way to show a transient message: a toast for what just happened (saved, copied,
 * joined, deleted...). A message that belongs to a form (why it was refused, what to do next)
 * is an inline <Banner> inside that form instead, and stays until the next submit.
 */
export const MESSAGE_MS = {
  /** Messages on the leagues screens clear after 3 seconds. */
  leagues: 3000,
  /** Admin messages clear after 5 seconds. */
  admin: 5000,
  standard: 4000,
} as const;

export type NoticeKind = 'success' | 'error' | 'info';

export function notify(kind: NoticeKind, text: string, durationMs: number = MESSAGE_MS.standard): void {
  toast[kind](text, { duration: durationMs });
}

/** A notifier bound to one screen's duration, handed to the components of that screen. */
export type Notify = (kind: NoticeKind, text: string) => void;
export const notifierFor =
  (durationMs: number): Notify =>
  (kind, text) =>
    notify(kind, text, durationMs);

/** A message that stays until its action is used or it is closed (a new version ready: Reload). */
export function notifyWithAction(id: string, text: string, action: { label: string; onClick: () => void }): void {
  toast.info(text, { id, duration: Infinity, action });
}
