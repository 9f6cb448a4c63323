import { useEffect, useId, useRef, useState } from 'react';
import { MatchContext, ResultScore } from '../../components/MatchFacts';
import { Link } from 'react-router';
import { ClubBadge } from '../../components/ClubBadge';
import { ClubName } from '../../components/ClubName';
import { displayTeamName } from '../../../game/clubs';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../lib/notify';
import { OUTCOME_MESSAGE } from '../../lib/outcome';
import { liveScoreSchema, type Match } from '../../../contract/live-matches';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import { useSetLiveScore } from './api';
import { BankerMark } from '../predictions/BankerToggle';
import { PickSharesPanel } from '../pick-shares/PickSharesPanel';

function Team({ name, side }: { name: string; side: 'home' | 'away' }) {
  return (
    // On a phone the badge sits above the name, leaving the name the card's whole third; a name that
    // still does not fit wraps rather than ending in "…".
    <div
      className={`flex min-w-0 flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 ${side === 'away' ? 'sm:flex-row-reverse sm:text-right' : 'sm:text-left'}`}
    >
      <ClubBadge team={name} size={40} />
      <ClubName team={name} fit="columns" wrap className="font-semibold text-slate-900" />
    </div>
  );
}

function PointsLine({ match }: { match: Match }) {
  const { points, prediction, fixture } = match;
  if (!prediction) {
    // Only while a pick can still be made: 2 hours before kick-off it closes.
    if (match.predictionOpen)
      return (
        <p className="text-sm text-slate-700">
          No prediction yet.{' '}
          <Link to="/predictions" className="font-semibold text-brand-800 underline">
            Predict now
          </Link>
        </p>
      );
    if (fixture.status === 'upcoming')
      return <p className="text-sm text-slate-700">No prediction. Predictions for this match have closed.</p>;
    return <p className="text-sm text-slate-700">You did not make a prediction for this match.</p>;
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-800">
        Your prediction:{' '}
        <span className="font-bold tabular-nums">
          {prediction.homeScore} - {prediction.awayScore}
        </span>
        {prediction.banker && (
          <span className="ml-2">
            <BankerMark />
          </span>
        )}
      </p>
      {points?.provisional && (
        <p
          className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-2 py-1 text-amber-950"
          data-testid="provisional-points"
        >
          <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide">
            Provisional
          </span>
          <span>
            {points.points} {points.points === 1 ? 'point' : 'points'} if it ended now
          </span>
        </p>
      )}
      {points && !points.provisional && (
        <p
          className={`rounded-lg border px-2 py-1 font-semibold ${points.points > 0 ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
          data-testid="final-points"
        >
          {OUTCOME_MESSAGE[points.outcome](points.points)}
        </p>
      )}
      {!points && fixture.status === 'live' && <p className="text-slate-600">Points appear once a score is in.</p>}
      {!points && fixture.status === 'awaiting' && (
        <p className="text-slate-600">Points appear once the result is in.</p>
      )}
    </div>
  );
}

/** Admin only: enter or correct the in-play score of a match that has kicked off (stored as provisional, never scored). */
function LiveScoreForm({ match }: { match: Match }) {
  const { fixture } = match;
  const id = useId();
  const [home, setHome] = useState(fixture.result ? String(fixture.result.homeScore) : '');
  const [away, setAway] = useState(fixture.result ? String(fixture.result.awayScore) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetLiveScore();
  // Another admin's update arrives over the event stream: show it unless this admin has changed
  // the fields since they last showed the stored score (what is being typed is never replaced).
  const saved = fixture.result ? `${fixture.result.homeScore}-${fixture.result.awayScore}` : '';
  const shown = useRef(`${home}-${away}`);
  useEffect(() => {
    if (!fixture.result) return;
    const untouched = `${home}-${away}` === shown.current;
    shown.current = saved;
    if (!untouched) return;
    setHome(String(fixture.result.homeScore));
    setAway(String(fixture.result.awayScore));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored score changes
  }, [saved]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = liveScoreSchema.safeParse({
      homeScore: home === '' ? undefined : Number(home),
      awayScore: away === '' ? undefined : Number(away),
    });
    if (!parsed.success) {
      setError(
        home === '' || away === '' ? 'Enter both scores.' : (parsed.error.issues[0]?.message ?? 'Invalid score.'),
      );
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ fixtureId: fixture.id, body: parsed.data });
      // The fields now show what is stored (unless changed while saving).
      shown.current = `${parsed.data.homeScore}-${parsed.data.awayScore}`;
      notify(
        'success',
        `In-play score updated: ${displayTeamName(fixture.homeTeam)} ${parsed.data.homeScore} - ${parsed.data.awayScore} ${displayTeamName(fixture.awayTeam)}`,
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the score.');
    }
  };
  const digits = (v: string) => v.replace(/\D+/g, '').slice(0, 2);
  return (
    <form
      onSubmit={onSubmit}
      className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3"
      aria-label={`In-play score for ${displayTeamName(fixture.homeTeam)} v ${displayTeamName(fixture.awayTeam)}`}
    >
      <p className="text-xs font-bold uppercase tracking-wide text-slate-700">Admin · in-play score (provisional)</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-home`} className="block text-xs text-slate-700">
            {displayTeamName(fixture.homeTeam)}
          </label>
          <input
            id={`${id}-home`}
            className="input w-16 text-center"
            inputMode="numeric"
            value={home}
            onChange={(e) => setHome(digits(e.target.value))}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <span className="pb-2 font-bold" aria-hidden="true">
          -
        </span>
        <div>
          <label htmlFor={`${id}-away`} className="block text-xs text-slate-700">
            {displayTeamName(fixture.awayTeam)}
          </label>
          <input
            id={`${id}-away`}
            className="input w-16 text-center"
            inputMode="numeric"
            value={away}
            onChange={(e) => setAway(digits(e.target.value))}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Update score'}
        </button>
      </div>
      {error && (
        <p className="field-error mt-2" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The middle of a card: the score once there is one (full time, or in play), else "vs".
 */
function Middle({ fixture }: { fixture: Match['fixture'] }) {
  const { result, status } = fixture;
  const inPlay = status === 'live';
  if (result && (inPlay || status === 'awaiting' || status === 'finished')) {
    return (
      <>
        <ResultScore
          result={result}
          testId="match-score"
          scoreClassName="block text-2xl font-extrabold tabular-nums text-slate-900"
        />
        <p className="text-xs font-semibold text-slate-600">
          {result.final ? 'Full time' : inPlay ? 'In play' : 'Last score entered'}
        </p>
      </>
    );
  }
  return <p className="px-2 text-lg font-bold text-slate-600">vs</p>;
}

/**
 * Under the teams, in words, what is not known yet of a match that has kicked off: in play with
 * no score entered ("Score not known yet", since when), or played with its final result not in
 * yet (and when it was played). Nothing once there is a final result, or before kick-off.
 */
function NotKnownYet({ fixture }: { fixture: Match['fixture'] }) {
  const { result, status, kickoffAt } = fixture;
  if (!kickoffAt) return null;
  if (status === 'live' && !result) {
    return (
      <p className="mt-2 text-center text-sm font-semibold text-red-900" data-testid="match-no-score">
        Score not known yet · kicked off at {formatKickoffTime(kickoffAt)}
      </p>
    );
  }
  if (status === 'awaiting') {
    return (
      <p className="mt-2 text-center text-sm font-semibold text-slate-800" data-testid="match-no-score">
        Played {formatKickoffDate(kickoffAt)} at {formatKickoffTime(kickoffAt)} · the final result is not in yet
      </p>
    );
  }
  return null;
}

export function MatchCard({ match, isAdmin }: { match: Match; isAdmin: boolean }) {
  const { fixture } = match;
  const inPlay = fixture.status === 'live';
  // Kicked off without a final result (in play, or past its live window): the admin can enter a score.
  const started = inPlay || fixture.status === 'awaiting';
  return (
    <li
      className={`card ${inPlay ? 'border-red-200 ring-1 ring-red-100' : ''}`}
      data-testid="match-card"
      data-fixture-id={fixture.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span>
          {fixture.kickoffAt ? (
            <>
              <time dateTime={fixture.kickoffAt}>{formatKickoffDate(fixture.kickoffAt)}</time> ·{' '}
              {formatKickoffTime(fixture.kickoffAt)}
            </>
          ) : (
            'New date to be confirmed'
          )}
          {fixture.gameweek !== null && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
              GW {fixture.gameweek}
            </span>
          )}
        </span>
        <StatusBadge status={fixture.status} />
      </div>
      <div className="mt-1">
        <MatchContext fixture={fixture} />
      </div>
      <div className="mt-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <Team name={fixture.homeTeam} side="home" />
        <div className="text-center">
          <Middle fixture={fixture} />
        </div>
        <Team name={fixture.awayTeam} side="away" />
      </div>
      <NotKnownYet fixture={fixture} />
      <div className="mt-3 border-t border-slate-100 pt-3">
        <PointsLine match={match} />
      </div>
      {/* Today's matches all close today: asked at once, each panel shows as its deadline passes. */}
      <PickSharesPanel fixture={fixture} ask />
      {isAdmin && started && <LiveScoreForm match={match} />}
    </li>
  );
}
