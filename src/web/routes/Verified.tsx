import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AuthShell } from '../features/account/AuthShell';
import { Banner } from '../components/Banner';
import { meKey, useSession } from '../lib/session';

/**
 * Where the e-mail link lands. Better Auth verifies, signs the user in and redirects here; a bad
 * or expired link comes back with `?error=…` instead.
 */
export default function Verified() {
  const qc = useQueryClient();
  const { user } = useSession();
  const [params] = useSearchParams();
  const error = params.get('error');
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: meKey });
  }, [qc]);

  if (error) {
    const next = user && !user.emailVerified ? { to: '/verify', label: 'Send a New Link' } : user ? { to: '/dashboard', label: 'Go to Dashboard' } : { to: '/login', label: 'Sign In' };
    return (
      <AuthShell title="Verification link not valid">
        <div className="space-y-5">
          <Banner kind="error">
            {error === 'TOKEN_EXPIRED' ? 'This verification link has expired. Please ask for a new one.' : 'This verification link is invalid or has expired. Please ask for a new one.'}
          </Banner>
          <Link to={next.to} className="btn-primary w-full">
            {next.label}
          </Link>
        </div>
      </AuthShell>
    );
  }

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
