import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

interface LiveEvent {
  type: string;
  keys?: QueryKey[];
}

/**
 * Subscribes to /api/events and invalidates the TanStack Query keys each event names, so every
 * screen showing that data refetches within a second. After a reconnect everything is refetched,
 * because events may have been missed while offline.
 */
export function useLiveEvents(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let hadError = false;
    source.addEventListener('change', (e) => {
      try {
        const event = JSON.parse((e as MessageEvent<string>).data) as LiveEvent;
        for (const key of event.keys ?? []) void qc.invalidateQueries({ queryKey: key });
      } catch {
        // A malformed event is ignored; the next one or a refetch catches up.
      }
    });
    source.onerror = () => {
      hadError = true;
    };
    source.onopen = () => {
      if (hadError) {
        hadError = false;
        void qc.invalidateQueries();
      }
    };
    return () => source.close();
  }, [enabled, qc]);
}
