import { useEffect, type ReactNode } from 'react';

/**
 * A message that belongs to a form (why it was refused, that it went through) or to the screen's
 * state (a list that failed to load), inline where it applies; optionally dismissible and, where
 * the spec says so, cleared after `clearAfterMs`. What just happened after an action is a toast
 * instead (`notify` in lib/notify.ts).
 */
export function Banner({
  kind,
  children,
  onDismiss,
  clearAfterMs,
}: {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
  clearAfterMs?: number;
}) {
  useEffect(() => {
    if (!clearAfterMs || !onDismiss) return;
    const t = setTimeout(onDismiss, clearAfterMs);
    return () => clearTimeout(t);
  }, [clearAfterMs, onDismiss, children]);
  const styles =
    kind === 'success'
      ? 'border-green-300 bg-green-50 text-green-900'
      : kind === 'error'
        ? 'border-red-300 bg-red-50 text-red-900'
        : 'border-sky-300 bg-sky-50 text-sky-900';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      <div>{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded px-1 font-bold"
          aria-label="Dismiss message"
        >
          ×
        </button>
      )}
    </div>
  );
}
