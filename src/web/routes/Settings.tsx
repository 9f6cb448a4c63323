import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../lib/session';
import { ChangePasswordForm } from '../features/account/ChangePasswordForm';
import { TeamNameForm } from '../features/account/TeamNameForm';
import { RemindersAndCalendar } from '../features/reminders/RemindersAndCalendar';
import { DownloadData } from '../features/account-data/DownloadData';
import { DeleteAccount } from '../features/account-data/DeleteAccount';

/** The Settings screen: account details, change password, reminders, your data, and ways out (logout, deleting the account). */
export default function Settings() {
  const { user, isPending } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    await navigate('/', { replace: true, state: { message: 'You have been logged out. See you on match day!' } });
    await signOut();
  }, [signOut, navigate]);

  if (isPending)
    return (
      <p className="text-slate-700" role="status">
        Loading settings...
      </p>
    );
  if (!user) {
    return (
      <div className="card mx-auto max-w-md text-center">
        <h1 className="text-xl font-bold">Settings</h1>
        <p className="mt-2 text-slate-700">Please log in to access settings</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/login" state={{ from: '/settings' }} className="btn-primary">
            Login
          </Link>
          <Link to="/signup" className="btn-secondary">
            Sign Up
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
          <p className="text-sm text-slate-700">Manage your account, password, reminders and data.</p>
        </div>
        <div className="flex gap-3">
          <Link to="/dashboard" className="btn-secondary">
            ← Back to Dashboard
          </Link>
          <button type="button" className="btn-danger" onClick={logout} disabled={loggingOut}>
            Logout
          </button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          <section className="card" aria-labelledby="account-heading">
            <h2 id="account-heading" className="text-lg font-bold">
              Account Information
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <dt className="label">Email Address</dt>
                <dd
                  className="break-words rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-900"
                  data-testid="settings-email"
                >
                  {user.email}
                </dd>
              </div>
              {/* Sign-up no longer asks for a username; accounts from before keep theirs. */}
              {user.username && (
                <div>
                  <dt className="label">Username</dt>
                  <dd className="break-words rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-900">
                    {user.username}
                  </dd>
                </div>
              )}
              <div>
                <dt className="label">Team Name</dt>
                <dd
                  className="break-words rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-900"
                  data-testid="settings-team-name"
                >
                  {user.teamName ?? 'Not set yet'}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="label">Password</dt>
                <dd
                  className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 tracking-widest text-slate-900"
                  aria-label="Password hidden"
                >
                  ••••••••••
                </dd>
              </div>
            </dl>
            <p className="mt-1 text-xs text-slate-600">Your password is securely encrypted. Change it below.</p>
          </section>

          <TeamNameForm current={user.teamName} />
          <ChangePasswordForm />
        </div>

        <aside>
          <DownloadData />
        </aside>
      </div>

      {/* ── Match-day reminders and calendar (owned by src/web/features/reminders) ── */}
      <RemindersAndCalendar />

      {/* Destructive, so last and out of the way (owned by src/web/features/account-data). */}
      <DeleteAccount />
    </div>
  );
}
