import { useLandingLink } from '../landing/link';
import { Icon, type IconName } from '../../components/icons';

/**
 * What a visitor is shown of the game: its screens that lead to sign-in, which then says why.
 * A visitor has no dashboard, leagues, statistics or settings of their own: those items are
 * members', shown only to a signed-in player who comes back to this page.
 */
const VISITOR_LINKS = [
  { to: '/matches', label: 'Live Matches', icon: 'ball' as IconName, state: undefined },
  { to: '/predictions', label: 'Predictions', icon: 'target' as IconName, state: undefined },
  { to: '/leaderboard', label: 'Leaderboard', icon: 'trophy' as IconName, state: { activeTab: 'leaderboard' } },
];
const MEMBER_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: 'home' as IconName, state: undefined },
  VISITOR_LINKS[0]!,
  VISITOR_LINKS[1]!,
  { to: '/leagues', label: 'Leagues', icon: 'users' as IconName, state: undefined },
  VISITOR_LINKS[2]!,
  { to: '/statistics', label: 'Statistics', icon: 'chart' as IconName, state: undefined },
  { to: '/settings', label: 'Settings', icon: 'gear' as IconName, state: { activeTab: 'settings' } },
];

/** The side navigation's items: a visitor's, or a signed-in player's (exported for its test). */
export const landingNavLinks = (signedIn: boolean) => (signedIn ? MEMBER_LINKS : VISITOR_LINKS);

const item = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';

/** The landing page's side navigation: only what leads somewhere (no disabled items), members' items only for members. */
export function LandingNav({ onNavigate, signedIn = false }: { onNavigate?: () => void; signedIn?: boolean }) {
  const Link = useLandingLink();
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {landingNavLinks(signedIn).map((l) => (
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
