import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { withNext } from '../features/account/api';

/**
 * Route guards: signed-out visitors go to /login with `?next=` where they were going (the
 * sign-in screen says why it asks, and returns them there), accounts whose e-mail is not verified
 * go to /verify.
 */
export function RequireAuth({ children, loading }: { children: ReactNode; loading: string }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending)
    return (
      <p className="p-6 text-slate-700" role="status">
        {loading}
      </p>
    );
  if (!user) {
    const from = location.pathname + location.search;
    return <Navigate to={withNext('/login', from)} replace state={{ from }} />;
  }
  if (!user.emailVerified) return <Navigate to="/verify" replace />;
  return <>{children}</>;
}
