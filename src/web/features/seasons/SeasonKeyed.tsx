import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { seasonParam } from './season-view';

/**
 * Mounts `children` afresh when the URL's season changes, so a screen's own choices that belong
 * to one season (a gameweek, a page of a table) start from that season's defaults.
 */
export function SeasonKeyed({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return <Fragment key={seasonParam(params) ?? 'current'}>{children}</Fragment>;
}
