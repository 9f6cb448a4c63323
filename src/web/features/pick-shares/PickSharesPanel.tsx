import { useId } from 'react';
import { displayTeamName } from '../../../game/clubs';
import type { PickSide } from '../../../game/pick-shares';
import type { Fixture } from '../../../contract/fixtures';
import type { OpenPickShares } from '../../../contract/pick-shares';
import { plural } from '../../lib/plural';
import { useClub } from '../seasons/api';
import { usePickShares } from './api';
import { usePickScope } from './scope';

/** Each side's colour in the bar and on its label's swatch; the labels say it in words too. */
const SIDE_COLOUR: Record<PickSide, string> = { home: 'bg-brand-700', draw: 'bg-slate-400', away: 'bg-sky-700' };

/** A share as said on screen: a picked share too small to round up is "<1%", not a false 0%. */
const percentText = (s: { count: number; percent: number }) =>
  s.percent === 0 && s.count > 0 ? '<1%' : `${s.percent}%`;

function useShortName(team: string): string {
  return useClub(team)?.shortName ?? displayTeamName(team);
}

/** `league`: the league whose picks these are, or null for every player's. */
function Shares({ fixture, shares, league }: { fixture: Fixture; shares: OpenPickShares; league: string | null }) {
  const id = useId();
  const home = useShortName(fixture.homeTeam);
  const away = useShortName(fixture.awayTeam);
  const labels: Record<PickSide, string> = { home: `${home} win`, draw: 'Draw', away: `${away} win` };
  const sides = (['home', 'draw', 'away'] as const).map((side) => ({ side, ...shares.sides[side] }));
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="mt-3 border-t border-slate-100 pt-3"
      data-testid="pick-shares"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {`How ${league ?? 'everyone'} picked`}
        </p>
        {shares.predictions > 0 && (
          <p className="text-xs text-slate-700" data-testid="pick-shares-count">
            {plural(shares.predictions, 'prediction')}
          </p>
        )}
      </div>
      {shares.predictions === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          {league === null ? 'Nobody predicted this match.' : `Nobody in ${league} predicted this match.`}
        </p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-2 flex h-2.5 overflow-hidden rounded-full bg-slate-100">
            {sides.map((s) =>
              s.percent > 0 ? (
                <div
                  key={s.side}
                  className={`${SIDE_COLOUR[s.side]} h-full border-r border-white last:border-r-0`}
                  style={{ width: `${s.percent}%` }}
                />
              ) : null,
            )}
          </div>
          <ul className="mt-1.5 grid grid-cols-3 gap-2 text-xs text-slate-800" data-testid="pick-shares-sides">
            {sides.map((s, i) => (
              <li
                key={s.side}
                className={`min-w-0 ${i === 1 ? 'text-center' : i === 2 ? 'text-right' : ''}`}
                data-side={s.side}
              >
                <span className="block text-sm font-bold tabular-nums text-slate-900">{percentText(s)}</span>
                <span
                  className={`flex items-center gap-1 ${i === 1 ? 'justify-center' : i === 2 ? 'justify-end' : ''}`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-2 w-2 shrink-0 rounded-sm ${SIDE_COLOUR[s.side]}`}
                  />
                  <span className="truncate">{labels[s.side]}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-800">
            <span id={`${id}-scores`}>Most picked</span>
            <ol aria-labelledby={`${id}-scores`} className="flex flex-wrap gap-1.5" data-testid="pick-shares-scores">
              {shares.topScores.map((s) => (
                <li
                  key={`${s.homeScore}-${s.awayScore}`}
                  className="rounded-md border border-slate-200 bg-slate-50 px-1.5 py-0.5"
                >
                  <span className="font-bold tabular-nums text-slate-900">{`${s.homeScore}–${s.awayScore}`}</span>{' '}
                  <span className="tabular-nums">{percentText(s)}</span>
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * How the players picked a match (every player's, or the league chosen with PickScopePicker),
 * shown in its card once its deadline has passed: the server decides, and before the deadline
 * answers nothing, so nothing shows. `ask`: whether to ask at all (a board of matches all still
 * open asks nothing; a card whose match closes soon asks, and shows the panel when it opens).
 */
export function PickSharesPanel({ fixture, ask }: { fixture: Fixture; ask: boolean }) {
  const scope = usePickScope();
  const { shares, isError } = usePickShares(fixture, scope.league?.id ?? null, ask && !scope.pending);
  if (!ask) return null;
  if (isError && !shares)
    return (
      <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-700">Could not load how everyone picked.</p>
    );
  if (!shares?.available) return null;
  return <Shares fixture={fixture} shares={shares} league={scope.league?.name ?? null} />;
}
