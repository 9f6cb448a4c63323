import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { useLiveEvents } from '../lib/live';

/** Wraps every screen: one live event stream per tab, opened once the session is known. */
export function RootLayout() {
  const { isPending } = useSession();
  useLiveEvents(!isPending);
  useEffect(() => {
    // Lets the auth library extend a long-lived session once per visit.
    void fetch('/api/auth/get-session', { credentials: 'same-origin' }).catch(() => {});
  }, []);
  return <Outlet />;
}
