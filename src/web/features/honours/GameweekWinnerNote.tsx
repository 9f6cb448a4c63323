import { useLeagueHonours } from './api';
import { winnersLine } from './outlook-text';

/**
 * A league's winners of one gameweek (and the champions once the season is over) on the gameweek
 * summary: from the league's honours (decision 0109), nothing while the gameweek is not complete.
 */
export function GameweekWinnerNote({
  leagueId,
  season,
  gameweek,
}: {
  leagueId: string;
  season: string;
  gameweek: number;
}) {
  const q = useLeagueHonours(leagueId, season);
  const honours = q.data?.honours;
  const won = honours?.gameweeks.find((g) => g.gameweek === gameweek);
  if (!honours || (!won && !honours.champions)) return null;
  return (
    <p className="text-sm text-amber-950" data-testid="summary-honours">
      {won && (
        <>
          <span className="font-semibold">Gameweek {gameweek} winner:</span> {winnersLine(won)}
        </>
      )}
      {won && honours.champions && <br />}
      {honours.champions && (
        <>
          <span className="font-semibold">{honours.seasonLabel} champion:</span> {winnersLine(honours.champions)}
        </>
      )}
    </p>
  );
}
