import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { MESSAGE_MS, notifierFor } from '../../lib/notify';

/**
 * Admin pages: a loading line while the session is checked, then the page for the
 * admin, or Access Denied for everyone else, who is also sent to / shortly after (the server
 * refuses every admin call regardless).
 */
export function AdminGate({
  loading,
  homeLabel,
  homeTo,
  children,
}: {
  loading: string;
  homeLabel: string;
  homeTo: string;
  children: ReactNode;
}) {
  const { user, isPending, isAdmin } = useSession();
  const navigate = useNavigate();
  const denied = !isPending && !isAdmin;
  useEffect(() => {
    if (!denied) return;
    const t = setTimeout(() => navigate('/', { replace: true }), 2500);
    return () => clearTimeout(t);
  }, [denied, navigate]);

  if (isPending) {
    return (
      <p className="p-6 text-slate-700" role="status">
        {loading}
      </p>
    );
  }
  if (denied) {
    return (
      <div className="card mx-auto mt-8 max-w-md text-center" role="alert">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-10 w-10 text-red-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        <h1 className="mt-2 text-xl font-bold text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-700">You don&apos;t have permission to access this page.</p>
        <Link to={user ? homeTo : '/'} className="btn-primary mt-6">
          {homeLabel}
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}

/** Admin screens' transient messages: they clear after 5 seconds. */
export const notifyAdmin = notifierFor(MESSAGE_MS.admin);
