import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { useLiveEvents } from '../lib/live';

/** Wraps every screen: one live event stream per tab, opened once the session is known. */
export function RootLayout() {
  const { isPending } = useSession();
  useLiveEvents(!isPending);
  return <Outlet />;
}
