import { Link } from 'react-router';
import type { Fixture } from '../../../contract/fixtures';
import type { GameweekSummary, SummaryLeague } from '../../../contract/summary';
import type { PredictionOutcome } from '../../../game/scoring';
import { plural } from '../../lib/plural';
import { ordinal } from '../../lib/ordinal';
import { summaryNote } from './summary-note';
import { RankMark } from '../leagues/RankMark';
import { KickoffText, Teams } from '../predictions/parts';
import { BankerMark } from '../predictions/BankerToggle';
import { leaguesLink } from '../leagues/my-leagues';
import { GameweekWinnerNote } from '../honours/GameweekWinnerNote';

const OUTCOME_LABEL: Record<PredictionOutcome, { text: string; cls: string }> = {
  exact: { text: 'Exact score', cls: 'bg-green-100 text-green-900 border-green-300' },
  outcome: { text: 'Right result', cls: 'bg-sky-100 text-sky-900 border-sky-300' },
  wrong: { text: 'Wrong', cls: 'bg-red-50 text-red-900 border-red-300' },
};

/** What a match without a final result is waiting for. */
const PENDING_LABEL: Record<Fixture['status'], string> = {
  upcoming: 'Not played yet',
  live: 'Live',
  awaiting: 'Result not in yet',
  finished: 'Result not in yet',
  postponed: 'Postponed',
};

function Move({ league }: { league: SummaryLeague }) {
  if (league.previousPosition === null) return <span className="text-sm text-slate-600">First scored gameweek</span>;
  const by = Math.abs(league.previousPosition - league.position);
  if (league.change === 'same') return <span className="text-sm font-semibold text-slate-700">No change</span>;
  const up = league.change === 'up';
  return (
    <span className={`text-sm font-semibold ${up ? 'text-green-800' : 'text-red-800'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'}</span> {up ? 'Up' : 'Down'} {plural(by, 'place')} (was{' '}
      {league.previousPosition})
    </span>
  );
}

/** A gameweek's summary: the total, the rank in every league with its move, and each pick beside the result. */
export function SummaryView({ data }: { data: GameweekSummary }) {
  const { totals } = data;
  const note = summaryNote(data);
  return (
    <div className="space-y-6">
      <section aria-labelledby="summary-total" className="card">
        <h2 id="summary-total" className="sr-only">
          Gameweek {data.gameweek} total
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-slate-700">Points</dt>
            <dd className="text-3xl font-extrabold text-slate-900" data-testid="summary-points">
              {totals.points}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Exact scores</dt>
            <dd className="text-3xl font-extrabold text-slate-900">{totals.exact}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Predicted</dt>
            <dd className="text-3xl font-extrabold text-slate-900">
              {totals.predicted}
              <span className="text-base font-semibold text-slate-600"> of {data.matches.length}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Gameweek rank</dt>
            <dd className="text-3xl font-extrabold text-slate-900" data-testid="summary-overall">
              {data.overall ? data.overall.rank.toLocaleString('en-GB') : '—'}
              {data.overall && (
                <span className="text-base font-semibold text-slate-600">
                  {' '}
                  of {data.overall.players.toLocaleString('en-GB')}
                </span>
              )}
            </dd>
          </div>
        </dl>
        {note && (
          <p className="mt-3 text-sm text-slate-700" data-testid="summary-note">
            {note}
          </p>
        )}
      </section>

      <section aria-labelledby="summary-leagues" className="card">
        <h2 id="summary-leagues" className="text-lg font-bold text-slate-900">
          Your leagues after Gameweek {data.gameweek}
        </h2>
        {data.leagues.length === 0 ? (
          <p className="mt-3 text-slate-700">
            You haven't joined any leagues yet.{' '}
            <Link to={leaguesLink('join')} className="font-semibold text-brand-800 underline">
              Join a League
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {data.leagues.map((l) => (
              <li key={l.leagueId} className="flex flex-wrap items-center gap-3 py-3" data-testid="summary-league">
                <RankMark rank={l.position} />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold text-slate-900">{l.name}</p>
                  <p className="text-sm text-slate-700">
                    {ordinal(l.position)} of {plural(l.memberCount, 'member')} · {plural(l.points, 'point')}
                  </p>
                  <GameweekWinnerNote leagueId={l.leagueId} season={data.season} gameweek={data.gameweek} />
                </div>
                <div className="w-full pl-9 sm:w-auto sm:pl-0">
                  <Move league={l} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="summary-picks">
        <h2 id="summary-picks" className="text-lg font-bold text-slate-900">
          Your picks
        </h2>
        <ul className="mt-3 space-y-3">
          {data.matches.map(({ fixture, prediction }) => {
            const result = fixture.result?.final ? fixture.result : null;
            const outcome = prediction?.outcome ? OUTCOME_LABEL[prediction.outcome] : null;
            return (
              <li key={fixture.id} className="card" data-testid="summary-pick">
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
                  <KickoffText fixture={fixture} />
                  {prediction?.outcome ? (
                    <span className={`rounded-full border px-2 py-0.5 text-xs font-bold ${outcome!.cls}`}>
                      {outcome!.text} · +{plural(prediction.points ?? 0, 'pt', 'pts')}
                    </span>
                  ) : (
                    <span className="text-xs font-semibold text-slate-600">
                      {result ? 'No pick' : PENDING_LABEL[fixture.status]}
                    </span>
                  )}
                </div>
                <div className="mt-3">
                  <Teams
                    fixture={fixture}
                    middle={
                      result ? (
                        <span
                          aria-label={`Result ${result.homeScore} - ${result.awayScore}`}
                        >{`${result.homeScore} - ${result.awayScore}`}</span>
                      ) : undefined
                    }
                  />
                </div>
                <p className="mt-2 text-center text-sm text-slate-700">
                  {prediction ? (
                    <>
                      Your prediction:{' '}
                      <span className="font-semibold text-slate-900">{`${prediction.homeScore} - ${prediction.awayScore}`}</span>{' '}
                      {prediction.banker && <BankerMark />}
                    </>
                  ) : (
                    'You did not make a prediction for this match.'
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
