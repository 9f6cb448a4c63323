import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  title?: string;
}

export const APP_NAME = 'Scoreline';
/** The title of a screen without one of its own (the landing page's, as index.html has it). */
export const DEFAULT_TITLE = 'Scoreline · Premier League score predictions';

export const documentTitle = (title: string | undefined) => (title ? `${title} · ${APP_NAME}` : DEFAULT_TITLE);

/** Each screen names itself in the tab and in history ("Predictions · Scoreline"), from its route's handle. */
export function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const text = documentTitle(title?.title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

export function RouteLoading() {
  return (
    <p className="p-6 text-slate-700" role="status">
      Loading...
    </p>
  );
}
