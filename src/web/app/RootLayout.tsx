import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { useLiveEvents } from '../lib/live';
import { useRouteTitle } from './route-title';

/** Wraps every screen: one live event stream per tab, opened once the session is known; the document title. */
export function RootLayout() {
  const { isPending } = useSession();
  useLiveEvents(!isPending);
  useRouteTitle();
  return <Outlet />;
}
