import { Link } from 'react-router';
import { useSession } from '../lib/session';
import { ChangePasswordForm } from '../features/account/ChangePasswordForm';
import { TeamNameForm } from '../features/account/TeamNameForm';
import { TrophyCabinet } from '../features/honours/TrophyCabinet';
import { RemindersAndCalendar } from '../features/reminders/RemindersAndCalendar';
import { PushSettings } from '../features/push/PushSettings';
import { InstallAppSection } from '../pwa/AppNotices';
import { DownloadData } from '../features/account-data/DownloadData';
import { DeleteAccount } from '../features/account-data/DeleteAccount';

/** What the Password row says: a password is kept as a one-way hash, never encrypted (nothing could decrypt it). */
export const PASSWORD_NOTE =
  'Your password is stored only as a secure one-way hash: nobody can read it. Change it below.';

/**
 * The Settings screen: account details, change password, reminders, your data, and deleting the
 * account. Logging out is the header's Logout (with its confirmation), the same on every screen.
 */
export default function Settings() {
  const { user, isPending } = useSession();

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
        <Link to="/dashboard" className="btn-secondary">
          ← Back to Dashboard
        </Link>
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
            <p className="mt-1 text-xs text-slate-600">{PASSWORD_NOTE}</p>
          </section>

          <TeamNameForm current={user.teamName} />
          <TrophyCabinet />
          <ChangePasswordForm />
        </div>

        <aside>
          <DownloadData />
        </aside>
      </div>

      {/* ── Match-day reminders and calendar (owned by src/web/features/reminders) ── */}
      <RemindersAndCalendar />

      {/* Push notifications on this device (owned by src/web/features/push). */}
      <PushSettings />

      {/* Installing the app, where the browser offers it (owned by src/web/pwa). */}
      <InstallAppSection />

      {/* Destructive, so last and out of the way (owned by src/web/features/account-data). */}
      <DeleteAccount />
    </div>
  );
}
