import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changeEventDto } from '../../contract/events';
import { changeKeys } from './change-keys';
import { coveringKeys } from './covering-keys';

/**
 * Subscribes to /api/events and invalidates the queries that show what each change changed
 * (lib/change-keys.ts), so every screen showing that data refetches within a second. After a
 * reconnect everything is refetched, because events may have been missed while offline.
 */
export function useLiveEvents(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource;
    let hadError = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource('/api/events');
      source.addEventListener('change', (e) => {
        let data: unknown;
        try {
          data = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          return; // A malformed event is ignored; the next one or a refetch catches up.
        }
        // A change this page does not know (a newer server) is ignored, as a malformed one is.
        const event = changeEventDto.safeParse(data);
        if (!event.success) return;
        for (const key of coveringKeys(changeKeys(event.data))) void qc.invalidateQueries({ queryKey: key });
      });
      source.onerror = () => {
        hadError = true;
        // The browser retries a dropped stream by itself, but not one the server refused (e.g. 429
        // when too many tabs are open): try again later, spread out so refusals do not come back at once.
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(connect, 30_000 + Math.random() * 30_000);
      };
      source.onopen = () => {
        if (hadError) {
          hadError = false;
          void qc.invalidateQueries();
        }
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [enabled, qc]);
}
