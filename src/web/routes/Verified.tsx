import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { safeNextPath } from '../../contract/account';
import { AuthShell } from '../features/account/AuthShell';
import { CancelRegistration } from '../features/account/CancelRegistration';
import { ConfirmRegistration } from '../features/account/ConfirmRegistration';
import { withNext } from '../features/account/api';
import { Banner } from '../components/Banner';
import { notify } from '../lib/notify';
import { meKey, useSession } from '../lib/session';

/**
 * Where the e-mail links land. Opened in the browser that signed up, the verification link has
 * verified and signed the player in already (a bad or expired link comes back with `?error=…`);
 * opened elsewhere it arrives with `#confirm=<token>` and the verifier chooses the password here;
 * "This wasn't me" arrives with `#not-me=<token>`. Tokens travel in the fragment, which no server
 * or log sees. With `?next=` (an invite), a verified player goes straight on there.
 */
export default function Verified() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const confirmToken = fragment.get('confirm');
  const notMeToken = fragment.get('not-me');
  const error = params.get('error');
  const next = safeNextPath(params.get('next'));
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: meKey });
  }, [qc]);

  const goOn = Boolean(!error && !confirmToken && !notMeToken && next && user?.emailVerified);
  useEffect(() => {
    if (!goOn || !next) return;
    notify('success', 'Email verified! Your Scoreline account is ready.');
    navigate(next, { replace: true });
  }, [goOn, next, navigate]);

  if (confirmToken) return <ConfirmRegistration token={confirmToken} next={next} />;
  if (notMeToken) return <CancelRegistration token={notMeToken} />;

  if (error) {
    const again =
      user && !user.emailVerified
        ? { to: withNext('/verify', next), label: 'Send a New Link' }
        : user
          ? { to: '/dashboard', label: 'Go to Dashboard' }
          : { to: withNext('/login', next), label: 'Sign In' };
    return (
      <AuthShell title="Verification link not valid">
        <div className="space-y-5">
          <Banner kind="error">
            {error === 'TOKEN_EXPIRED'
              ? 'This verification link has expired. Please ask for a new one.'
              : 'This verification link is invalid or has expired. Please ask for a new one.'}
          </Banner>
          <Link to={again.to} className="btn-primary w-full">
            {again.label}
          </Link>
        </div>
      </AuthShell>
    );
  }

  const onward = next ?? '/dashboard';
  return (
    <AuthShell title="Email verified!">
      <div className="space-y-5 text-center">
        <div
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="h-9 w-9 text-brand-700" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 13l4 4L19 7" />
          </svg>
        </div>
        <p className="text-slate-800">
          Your email address
          {user ? (
            <>
              {' '}
              <strong className="break-words">{user.email}</strong>
            </>
          ) : null}{' '}
          is confirmed. Your Scoreline account is ready.
        </p>
        <p className="text-sm text-slate-600">
          Make your first predictions before the next deadline: two hours before kick-off.
        </p>
        <Link to={user ? onward : withNext('/login', next)} className="btn-primary w-full">
          {user ? (next ? 'Continue' : 'Go to Dashboard') : 'Sign In to Continue'}
        </Link>
      </div>
    </AuthShell>
  );
}
