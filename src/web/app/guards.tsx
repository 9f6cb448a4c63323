import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/**
 * Route guards: signed-out visitors go to /login (remembering where they were going),
 * accounts whose e-mail is not verified go to /verify.
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
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!user.emailVerified) return <Navigate to="/verify" replace />;
  return <>{children}</>;
}
