import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../contract/account';
import { AuthShell } from '../features/account/AuthShell';
import { afterSignIn, isRateLimited, useSendVerification, withNext } from '../features/account/api';
import { Banner } from '../components/Banner';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';

const POLL_MS = 3_000;
const COOLDOWN_S = 60;
const REDIRECT_MS = 2_000;

type Message = { kind: 'success' | 'error' | 'info'; text: string };

/**
 * After sign-up (or a sign-in of an address still waiting): check your e-mail. Signing up signs
 * nobody in (decision 0049), so this screen works for a visitor: it knows the address from the
 * sign-up, resends on request, and moves on by itself when the link is opened in this browser
 * (which signs the player in here). Nothing on it says whether the address already had an
 * account: the mail does.
 */
export default function Verify() {
  const { user, isPending, refetch } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const { mutateAsync: sendVerificationEmail } = useSendVerification();
  const state = (location.state ?? {}) as { fromSignup?: boolean; email?: string };
  const [message, setMessage] = useState<Message | null>(null);
  // Sign-up has just sent one: a resend waits like any other.
  const [cooldown, setCooldown] = useState(state.fromSignup ? COOLDOWN_S : 0);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [done, setDone] = useState<'already' | 'now' | null>(null);
  const arrival = useRef<'unknown' | 'verified' | 'waiting'>('unknown');
  const email = user?.email ?? state.email ?? '';

  const send = useCallback(async () => {
    setSending(true);
    try {
      await sendVerificationEmail({ email, next });
      // True whether or not the address has an account waiting: the screen reveals nothing.
      setMessage({ kind: 'success', text: `Done: if ${email} is waiting to be confirmed, a new link is on its way.` });
      setCooldown(COOLDOWN_S);
    } catch (err) {
      setMessage({
        kind: 'error',
        text: isRateLimited(err) ? (err as ApiError).message : 'Failed to send verification email. Please try again.',
      });
      if (isRateLimited(err)) setCooldown(COOLDOWN_S);
    } finally {
      setSending(false);
    }
  }, [email, next, sendVerificationEmail]);

  // Arrived already verified (signed in): say so and move on.
  useEffect(() => {
    if (isPending || arrival.current !== 'unknown') return;
    arrival.current = user?.emailVerified ? 'verified' : 'waiting';
    if (user?.emailVerified) setDone('already');
  }, [isPending, user]);

  // Until then, look every 3 s: opening the link in this browser signs the player in here.
  useEffect(() => {
    if (done || !email) return;
    const t = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(t);
  }, [done, email, refetch]);

  useEffect(() => {
    if (user?.emailVerified && !done && arrival.current === 'waiting') setDone('now');
  }, [user?.emailVerified, done]);

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(
      () => navigate(done === 'already' ? afterSignIn(next) : withNext('/verified', next), { replace: true }),
      REDIRECT_MS,
    );
    return () => clearTimeout(t);
  }, [done, navigate, next]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const t = setTimeout(() => setCooldown((c) => c - 1), 1_000);
    return () => clearTimeout(t);
  }, [cooldown]);

  const check = async () => {
    setChecking(true);
    try {
      const res = await refetch();
      if (res.isError) throw res.error;
      if (res.data?.emailVerified) setDone('now');
      else
        setMessage({
          kind: 'error',
          text: 'Not confirmed in this browser yet. Open the link in the email; if you opened it on another device, sign in here.',
        });
    } catch {
      setMessage({ kind: 'error', text: 'Error checking verification status. Please try again.' });
    } finally {
      setChecking(false);
    }
  };

  if (isPending)
    return (
      <p className="p-6 text-slate-700" role="status">
        Loading...
      </p>
    );
  if (!email) return <Navigate to={withNext('/signup', next)} replace />;

  return (
    <AuthShell title="Check your email" subtitle="One last step before you can start predicting.">
      <div className="space-y-5">
        {done ? (
          <Banner kind="success">
            {done === 'already'
              ? 'Email already verified! Redirecting...'
              : 'Email verified successfully! Redirecting...'}
          </Banner>
        ) : (
          message && <Banner kind={message.kind}>{message.text}</Banner>
        )}
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p className="text-sm text-slate-700">We sent an email to</p>
          <p className="mt-1 break-words font-semibold text-slate-900" data-testid="verify-email">
            {email}
          </p>
          <p className="mt-3 text-sm text-slate-700">
            Open the link in it to confirm your address. If you open it in this browser, this page moves on by itself.
          </p>
        </div>
        <button type="button" className="btn-primary w-full" onClick={check} disabled={checking || Boolean(done)}>
          {checking ? 'Checking...' : "I've Verified My Email"}
        </button>
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => void send()}
          disabled={sending || cooldown > 0 || Boolean(done)}
        >
          {sending ? 'Sending...' : cooldown > 0 ? `Resend Email (${cooldown}s)` : 'Resend Email'}
        </button>
        <p className="text-center text-sm text-slate-600">
          Can&apos;t find the email? Check your spam or junk folder, or resend it. Opened the link on another device?{' '}
          <Link to={withNext('/login', next)} className="font-semibold text-brand-800 underline">
            Sign in here
          </Link>
          .
        </p>
        <p className="text-center text-sm">
          <Link to={withNext('/signup', next)} className="font-semibold text-brand-800 underline">
            Back to Sign Up
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}
