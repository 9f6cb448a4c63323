import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveEventDto } from '../../contract/events';

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
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        return; // A malformed event is ignored; the next one or a refetch catches up.
      }
      const event = liveEventDto.safeParse(data);
      if (!event.success) return;
      for (const key of event.data.keys ?? []) void qc.invalidateQueries({ queryKey: key });
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
