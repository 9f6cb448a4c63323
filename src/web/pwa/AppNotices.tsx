import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { isOffline, keepAnswersFor, subscribeConnection } from './connection';
import { acceptInstallOffer, dismissInstallOffer, useInstallOffer } from './install';
import { OFFLINE_TEXT } from './texts';

/** Whether the app is offline (connection.ts), redrawn as it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOffline, () => false);
}

/**
 * Everything the installable app has to say at the top of a signed-in screen: that it is
 * offline, and (on the dashboard only, until installed or dismissed) that it can be installed.
 * It also makes sure the answers the service worker kept are the signed-in player's.
 */
export function AppNotices() {
  const { user } = useSession();
  const offline = useOffline();
  const canInstall = useInstallOffer();
  const { pathname } = useLocation();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) void keepAnswersFor(userId);
  }, [userId]);

  return (
    <>
      <div role="status" data-testid="offline-status">
        {offline && (
          <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
            {OFFLINE_TEXT}
          </p>
        )}
      </div>
      {canInstall && !offline && pathname === '/dashboard' && <InstallOffer />}
    </>
  );
}

function InstallOffer() {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800">
      <p>Add Scoreline to your home screen: it opens like an app and shows your last board offline.</p>
      <div className="flex gap-2">
        <button type="button" className="btn-primary" onClick={() => void acceptInstallOffer()}>
          Install the app
        </button>
        <button type="button" className="btn-secondary" onClick={dismissInstallOffer}>
          Not now
        </button>
      </div>
    </div>
  );
}

/** The same offer in Settings, while the browser allows it and until installed or dismissed. */
export function InstallAppSection() {
  const canInstall = useInstallOffer();
  if (!canInstall) return null;
  return (
    <section className="card" aria-labelledby="install-heading">
      <h2 id="install-heading" className="text-lg font-bold">
        Install the app
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Scoreline on your home screen opens like an app and shows your last board when you're offline.
      </p>
      <div className="mt-4 flex gap-2">
        <button type="button" className="btn-primary" onClick={() => void acceptInstallOffer()}>
          Install the app
        </button>
        <button type="button" className="btn-secondary" onClick={dismissInstallOffer}>
          Not now
        </button>
      </div>
    </section>
  );
}

/**
 * Offline, what it wraps is shown but cannot be changed: a disabled fieldset disables every
 * input and button inside it (score boxes, the prediction buttons), without touching the board.
 */
export function ReadOnlyWhenOffline({ children }: { children: ReactNode }) {
  const offline = useOffline();
  return (
    <fieldset disabled={offline} className="m-0 min-w-0 border-0 p-0" data-testid="offline-read-only">
      {children}
    </fieldset>
  );
}
