import { Link, useLocation } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage';
import { LandingLinkContext, type LinkLike } from '../features/landing/link';
import { useSession } from '../lib/session';
import { useSeasons } from '../features/seasons/api';
import { currentSeasonLabel } from '../features/landing/season-label';
import { usePublicFigures } from '../features/landing/api';

const RouterLink: LinkLike = ({ to, state, className, onClick, children }) => (
  <Link to={to} state={state} className={className} onClick={onClick}>
    {children}
  </Link>
);

/**
 * The landing page inside the single-page app (client-side navigation to /, e.g. after logout,
 * with a notice in the navigation state). A direct load of / gets the pre-rendered light entry.
 */
export default function Landing() {
  const location = useLocation();
  const notice = (location.state as { message?: unknown } | null)?.message;
  const { user } = useSession();
  const seasons = useSeasons();
  const figures = usePublicFigures();
  return (
    <LandingLinkContext.Provider value={RouterLink}>
      <LandingPage
        signedIn={Boolean(user)}
        notice={typeof notice === 'string' ? notice : undefined}
        seasonLabel={currentSeasonLabel(seasons.data)}
        figures={figures.data?.figures ?? undefined}
      />
    </LandingLinkContext.Provider>
  );
}
