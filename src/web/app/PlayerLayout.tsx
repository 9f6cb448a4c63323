import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../lib/session';
import { Logo } from '../components/Logo';
import { AppNotices } from '../pwa/AppNotices';
import { LogoutDialog } from '../components/LogoutDialog';
import { TeamNamePrompt } from '../components/TeamNamePrompt';
import { Icon, type IconName } from '../components/icons';
import { SkipLink, mainProps } from '../components/SkipLink';
import { useClubs, useSeasons } from '../features/seasons/api';
import { seasonLink } from '../features/seasons/season-view';

const NAV: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/dashboard', label: 'Dashboard', icon: 'home' },
  { to: '/matches', label: 'Live Matches', icon: 'ball' },
  { to: '/predictions', label: 'Predictions', icon: 'target' },
  { to: '/leagues', label: 'Leagues', icon: 'users' },
  { to: '/leaderboard', label: 'Leaderboard', icon: 'trophy' },
  { to: '/statistics', label: 'Statistics', icon: 'chart' },
  { to: '/contact', label: 'Contact Us', icon: 'mail' },
  { to: '/settings', label: 'Settings', icon: 'gear' },
];
const ADMIN_NAV: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/admin', label: 'Admin Fixtures', icon: 'tool' },
  { to: '/admin/results', label: 'Result Desk', icon: 'target' },
  { to: '/admin/gameweeks', label: 'Gameweeks', icon: 'calendar' },
  { to: '/admin/seasons', label: 'Seasons', icon: 'calendar' },
  { to: '/admin/messages', label: 'Contact Messages', icon: 'inbox' },
];

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { isAdmin } = useSession();
  const [params] = useSearchParams();
  const item = ({ to, label, icon }: (typeof NAV)[number]) => (
    <li key={to}>
      <NavLink
        to={seasonLink(to, params)}
        end={to === '/admin'}
        onClick={onNavigate}
        className={({ isActive }) =>
          `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`
        }
      >
        <Icon name={icon} />
        {label}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">{NAV.map(item)}</ul>
      {isAdmin && (
        <div className="mt-6">
          <p className="px-3 text-xs font-bold uppercase tracking-wider text-slate-600">Admin</p>
          <ul className="mt-2 space-y-1">{ADMIN_NAV.map(item)}</ul>
        </div>
      )}
    </nav>
  );
}

/** The signed-in frame: sidebar (a slide-in drawer on small screens), header with e-mail and Logout. */
export function PlayerLayout() {
  const { user } = useSession();
  // Every player screen shows a season (the current one unless ?season=), and badges need the
  // clubs: both are fetched once here, early, rather than by the first screen that asks.
  useSeasons();
  useClubs();
  const [drawer, setDrawer] = useState(false);
  const [logout, setLogout] = useState(false);
  const location = useLocation();

  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);

  if (!user) {
    // Signed-out views (leaderboard and settings prompts; guards redirect the rest).
    return (
      <div className="min-h-screen">
        <SkipLink />
        <header className="border-b border-slate-200 bg-white px-4 py-3">
          <Logo />
        </header>
        <main {...mainProps} className="mx-auto max-w-5xl p-4 outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <SkipLink />
      {/* The column keeps its white background down the page; the sidebar in it stays in view as the page scrolls. */}
      <div className="hidden border-r border-slate-200 bg-white lg:block">
        <aside className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <Logo to="/dashboard" />
          {user.role === 'admin' && (
            <p className="rounded-md bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">Admin Panel</p>
          )}
          <NavItems />
        </aside>
      </div>

      {drawer && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div
            className="absolute inset-0 bg-slate-900/50"
            aria-hidden="true"
            onClick={() => setDrawer(false)}
            data-testid="drawer-backdrop"
          />
          <aside
            id="mobile-drawer"
            aria-label="Menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl"
          >
            <div className="flex items-center justify-between">
              <Logo to="/dashboard" />
              <button
                type="button"
                className="rounded p-2 text-slate-700"
                onClick={() => setDrawer(false)}
                aria-label="Close menu"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            <NavItems onNavigate={() => setDrawer(false)} />
          </aside>
        </div>
      )}

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <button
            type="button"
            className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
            aria-expanded={drawer}
            aria-controls="mobile-drawer"
            onClick={() => setDrawer(true)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <span className="truncate text-sm text-slate-700" title={user.email}>
            {user.email || 'User'}
          </span>
          <button type="button" className="btn-secondary" onClick={() => setLogout(true)}>
            Logout
          </button>
        </header>
        <main {...mainProps} className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none sm:p-6">
          <AppNotices />
          <Outlet />
        </main>
      </div>
      <LogoutDialog open={logout} onClose={() => setLogout(false)} />
      <TeamNamePrompt />
    </div>
  );
}
