import { useLandingLink } from '../landing/link';
import { Icon, type IconName } from '../../components/icons';

const LINKS = [
  { to: '/matches', label: 'Live Matches', icon: 'ball' as IconName, state: undefined },
  { to: '/predictions', label: 'Predictions', icon: 'target' as IconName, state: undefined },
  { to: '/leaderboard', label: 'Leaderboard', icon: 'trophy' as IconName, state: { activeTab: 'leaderboard' } },
  { to: '/statistics', label: 'Statistics', icon: 'chart' as IconName, state: undefined },
  { to: '/settings', label: 'Settings', icon: 'gear' as IconName, state: { activeTab: 'settings' } },
];
const DISABLED = [{ label: 'Dashboard', icon: 'home' as IconName }];

const item = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';

/** The landing page's side navigation (Dashboard is disabled here; Live Matches is a link, as in the app). */
export function LandingNav({ onNavigate }: { onNavigate?: () => void }) {
  const Link = useLandingLink();
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {DISABLED.map((d) => (
          <li key={d.label}>
            <span className={`${item} cursor-not-allowed text-slate-500`} aria-disabled="true">
              <Icon name={d.icon} />
              {d.label}
            </span>
          </li>
        ))}
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              state={l.state}
              onClick={onNavigate}
              className={`${item} text-slate-800 hover:bg-slate-200`}
            >
              <Icon name={l.icon} />
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
