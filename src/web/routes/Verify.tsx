import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AuthShell } from '../features/account/AuthShell';
import { isRateLimited, useSendVerification } from '../features/account/api';
import { Banner } from '../components/Banner';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';

const POLL_MS = 3_000;
const COOLDOWN_S = 60;
const REDIRECT_MS = 2_000;

type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** Spec §2/§4/§8: waits for the e-mail to be verified, by polling and on request. */
export default function Verify() {
  const { user, isPending, refetch } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { mutateAsync: sendVerificationEmail } = useSendVerification();
  const state = (location.state ?? {}) as { fromSignup?: boolean; email?: string };
  const [message, setMessage] = useState<Message | null>(null);
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [done, setDone] = useState<'already' | 'now' | null>(null);
  const autoSent = useRef(false);
  const arrivedVerified = useRef(false);
  const email = user?.email ?? state.email ?? '';

  const send = useCallback(
    async (failure: string) => {
      setSending(true);
      try {
        await sendVerificationEmail(email);
        setMessage({ kind: 'success', text: `Verification email sent to ${email}` });
        setCooldown(COOLDOWN_S);
      } catch (err) {
        setMessage({ kind: 'error', text: isRateLimited(err) ? (err as ApiError).message : failure });
        if (isRateLimited(err)) setCooldown(COOLDOWN_S);
      } finally {
        setSending(false);
      }
    },
    [email, sendVerificationEmail],
  );

  // Arrival state: already verified, or freshly signed up (one automatic e-mail).
  useEffect(() => {
    if (isPending || !user || autoSent.current) return;
    autoSent.current = true;
    if (user.emailVerified) {
      arrivedVerified.current = true;
      setDone('already');
      return;
    }
    if (state.fromSignup) {
      // Drop the flag so a reload does not send another e-mail.
      navigate('.', { replace: true, state: { email: user.email } });
      void send('Failed to send verification email. Please try resending.');
    }
  }, [isPending, user, state.fromSignup, navigate, send]);

  // Poll every 3 s until verified.
  useEffect(() => {
    if (!user || user.emailVerified || done) return;
    const t = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(t);
  }, [user, done, refetch]);

  useEffect(() => {
    if (user?.emailVerified && !done && autoSent.current && !arrivedVerified.current) setDone('now');
  }, [user?.emailVerified, done]);

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate(done === 'already' ? '/dashboard' : '/verified', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

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
      else setMessage({ kind: 'error', text: 'Email not yet verified. Please check your email and click the verification link.' });
    } catch {
      setMessage({ kind: 'error', text: 'Error checking verification status. Please try again.' });
    } finally {
      setChecking(false);
    }
  };

  if (isPending) return <p className="p-6 text-slate-700" role="status">Loading...</p>;
  if (!user) return <Navigate to="/signup" replace />;

  return (
    <AuthShell title="Verify your email" subtitle="One last step before you can start predicting.">
      <div className="space-y-5">
        {done ? (
          <Banner kind="success">
            {done === 'already' ? 'Email already verified! Redirecting to dashboard...' : 'Email verified successfully! Redirecting to dashboard...'}
          </Banner>
        ) : (
          message && <Banner kind={message.kind}>{message.text}</Banner>
        )}
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p className="text-sm text-slate-700">We sent a verification link to</p>
          <p className="mt-1 break-words font-semibold text-slate-900" data-testid="verify-email">
            {email}
          </p>
          <p className="mt-3 text-sm text-slate-700">Click the link in that email, then come back here. This page checks every few seconds.</p>
        </div>
        <button type="button" className="btn-primary w-full" onClick={check} disabled={checking || Boolean(done)}>
          {checking ? 'Checking...' : "I've Verified My Email"}
        </button>
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => void send('Failed to send verification email. Please try again.')}
          disabled={sending || cooldown > 0 || Boolean(done)}
        >
          {sending ? 'Sending...' : cooldown > 0 ? `Resend Email (${cooldown}s)` : 'Resend Email'}
        </button>
        <p className="text-center text-sm text-slate-600">
          Can&apos;t find the email? Check your spam or junk folder, or resend it.
        </p>
        <p className="text-center text-sm">
          <Link to="/signup" className="font-semibold text-brand-800 underline">
            Back to Sign Up
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}
