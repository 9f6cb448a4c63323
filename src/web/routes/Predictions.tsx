import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { RequireAuth } from '../app/guards';
import { gameweekNumber } from '../../contract/common';
import { Board } from '../features/predictions/Board';
import { usePredictionEditor } from '../features/predictions/usePredictionEditor';
import { SeasonSwitcher } from '../features/seasons/SeasonSwitcher';
import { PastSeasonNote, SeasonBreakBanner, SeasonNotFound } from '../features/seasons/SeasonNotices';
import { SeasonKeyed } from '../features/seasons/SeasonKeyed';
import { useSeasonChoice, useSeasonParam } from '../features/seasons/api';
import { seasonParam } from '../features/seasons/season-view';
import { useLatestResultGameweek } from '../features/summary/api';
import { ReadOnlyWhenOffline } from '../pwa/AppNotices';

/** `?gameweek=N` when it names a possible gameweek; anything else is ignored (the board opens where the server says). */
function gameweekParam(params: URLSearchParams): number | undefined {
  const raw = params.get('gameweek');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const parsed = gameweekNumber.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Links from before the board had one gameweek at a time name a tab (`?tab=upcoming`,
 * `my-predictions`, `results`): they land on the board, and `results` on the gameweek of the
 * season's latest result, where that tab used to open. Returns true while it is being worked out.
 */
function useOldTabLinks(): boolean {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const season = useSeasonParam();
  const latest = useLatestResultGameweek(tab === 'results' ? season : undefined);
  const waiting = tab === 'results' && latest.isPending;
  useEffect(() => {
    if (tab === null || waiting) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tab');
        if (tab === 'results' && latest.data != null && !next.has('gameweek'))
          next.set('gameweek', String(latest.data));
        return next;
      },
      { replace: true },
    );
  }, [tab, waiting, latest.data, setParams]);
  return tab !== null;
}

function PredictionsScreen() {
  const [params, setParams] = useSearchParams();
  const editor = usePredictionEditor();
  const season = useSeasonChoice();
  const readOnly = season.kind === 'season' && season.readOnly;
  const redirecting = useOldTabLinks();
  // The gameweek shown is in the URL beside the season (?season=), so it survives a reload and can be shared.
  const choose = (gameweek: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('gameweek', String(gameweek));
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Predictions</h1>
        <SeasonSwitcher />
      </div>
      {season.kind === 'season' && season.isCurrent && <SeasonBreakBanner />}
      <PastSeasonNote choice={season} />
      {season.kind === 'not-found' ? (
        <SeasonNotFound id={season.id} />
      ) : redirecting ? (
        <p role="status">Loading matches...</p>
      ) : (
        <ReadOnlyWhenOffline>
          <Board gameweek={gameweekParam(params)} onGameweek={choose} onPredict={editor.open} readOnly={readOnly} />
        </ReadOnlyWhenOffline>
      )}
      {editor.modals}
    </div>
  );
}

/**
 * A gameweek belongs to its season: switching season (the switcher keeps the rest of the URL)
 * drops `?gameweek=`, so the other season opens where it naturally does. Until that is done
 * nothing is asked for the old number.
 */
function useGameweekFollowsSeason(): boolean {
  const [params, setParams] = useSearchParams();
  const season = seasonParam(params);
  const seen = useRef(season);
  const switched = seen.current !== season;
  useEffect(() => {
    if (!switched) return;
    seen.current = season;
    if (params.has('gameweek'))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('gameweek');
          return next;
        },
        { replace: true },
      );
  }, [switched, season, params, setParams]);
  return switched && params.has('gameweek');
}

export default function Predictions() {
  const settling = useGameweekFollowsSeason();
  return (
    <RequireAuth loading="Loading predictions...">
      {/* A season switch starts the screen afresh (its gameweek is that season's). */}
      {settling ? (
        <p role="status">Loading matches...</p>
      ) : (
        <SeasonKeyed>
          <PredictionsScreen />
        </SeasonKeyed>
      )}
    </RequireAuth>
  );
}
