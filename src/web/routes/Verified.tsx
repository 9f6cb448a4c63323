import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AuthShell } from '../features/account/AuthShell';
import { meKey, useSession } from '../lib/session';

/** Where the e-mail link lands: the account is verified (and signed in by the link). */
export default function Verified() {
  const qc = useQueryClient();
  const { user } = useSession();
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: meKey });
  }, [qc]);
  return (
    <AuthShell title="Email verified!">
      <div className="space-y-5 text-center">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-9 w-9 text-brand-700" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 13l4 4L19 7" />
          </svg>
        </div>
        <p className="text-slate-800">
          Your email address{user ? <> <strong className="break-words">{user.email}</strong></> : null} is confirmed. Your Scoreline account is ready.
        </p>
        <p className="text-sm text-slate-600">Make your first predictions before the next deadline: two hours before kick-off.</p>
        <Link to={user ? '/dashboard' : '/login'} className="btn-primary w-full">
          {user ? 'Go to Dashboard' : 'Sign In to Continue'}
        </Link>
      </div>
    </AuthShell>
  );
}
