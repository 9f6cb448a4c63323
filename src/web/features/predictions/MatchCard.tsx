import { useRef, useState } from 'react';
import { isUpcoming, predictionWindow } from '../../../game/deadline';
import { deadlineCountdown } from '../../../game/countdown';
import type { PredictionOutcome } from '../../../game/scoring';
import { OUTCOME_MESSAGE } from '../../lib/outcome';
import { homeTeamColours } from './colours';
import { QuickEntry } from './QuickEntry';
import { BankerMark, BankerToggle } from './BankerToggle';
import { KickoffText, Teams } from './parts';
import { StatusBadge } from '../../components/StatusBadge';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch, Prediction } from '../../../contract/predictions';
import { useClub } from '../seasons/api';
import { PickSharesPanel } from '../pick-shares/PickSharesPanel';
import { picksClosed } from '../pick-shares/timing';
import { KeepFocusOnClose } from '../../lib/keep-focus';
import { teamsKnown } from '../../lib/match-facts';
import { ResultScore, RoundChip, TeamsNotKnown } from '../../components/MatchFacts';
import { throughText } from './qualifier-field';

const OUTCOME_CHIP: Record<PredictionOutcome, string> = {
  exact: 'border-green-300 bg-green-50 text-green-900',
  outcome: 'border-sky-300 bg-sky-50 text-sky-900',
  wrong: 'border-red-300 bg-red-50 text-red-900',
};

/** A kicked-off match: the actual score is the main score, the pick is labelled and its points shown. */
function PlayedFooter({ match }: { match: BoardMatch }) {
  const { fixture, prediction } = match;
  const result = fixture.result?.final ? fixture.result : null;
  if (!prediction) return <p className="text-sm text-slate-700">No prediction</p>;
  const through = throughText(fixture, prediction);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <span>
          Your prediction{' '}
          <span className="font-bold tabular-nums">{`${prediction.homeScore}–${prediction.awayScore}`}</span>
        </span>
        {prediction.banker && <BankerMark />}
        {through && <span className="text-slate-700">{`· ${through}`}</span>}
      </p>
      {result && prediction.outcome ? (
        <p
          className={`rounded-lg border px-2 py-0.5 font-semibold ${OUTCOME_CHIP[prediction.outcome]}`}
          data-outcome={prediction.outcome}
        >
          {OUTCOME_MESSAGE[prediction.outcome](prediction.points ?? 0)}
        </p>
      ) : (
        <p className="text-slate-700">Result pending...</p>
      )}
    </div>
  );
}

function Countdown({ deadline, now }: { deadline: string | null; now: Date }) {
  const text = deadlineCountdown(deadline, now);
  if (!text) return null;
  const soon = deadline !== null && Date.parse(deadline) - now.getTime() < 24 * 3_600_000;
  return (
    <p
      className={`inline-flex items-center gap-1 text-sm font-semibold ${soon ? 'text-amber-800' : 'text-slate-700'}`}
      data-testid="countdown"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      >
        <circle cx="8" cy="8" r="6.2" />
        <path d="M8 4.5V8l2.4 1.6" />
      </svg>
      {text}
    </p>
  );
}

/**
 * One match of the board, showing its own state: open (quick entry, countdown, the editor),
 * closed before kick-off (the pick), in play or played (the score, the pick, the points), or
 * postponed (what happens to predictions). `readOnly`: a finished season, nothing to enter.
 */
export function MatchCard({
  match,
  colours,
  now,
  readOnly,
  onPredict,
}: {
  match: BoardMatch;
  colours: boolean;
  now: Date;
  readOnly: boolean;
  onPredict: (f: Fixture, p: Prediction | null, now: Date) => void;
}) {
  const { fixture, prediction } = match;
  const home = useClub(fixture.homeTeam);
  const band = colours ? homeTeamColours(home) : null;
  const result = fixture.result;
  const started = !isUpcoming(fixture, now);
  const postponed = fixture.status === 'postponed';
  // The server's word counts too: a match moved after its deadline stays closed.
  const closed =
    !postponed &&
    (match.window === 'closed' || predictionWindow({ kickoffAt: fixture.kickoffAt, postponed }, now) === 'closed');
  // A match shown by placeholders ("Winner Group A") takes no pick until both teams are known.
  const known = teamsKnown(fixture);
  const open = !postponed && !closed && !readOnly && known;
  const through = prediction && throughText(fixture, prediction);
  // The deadline passing under a focused score box: focus stays on this card, which says why.
  const cardRef = useRef<HTMLLIElement>(null);
  const [closedNow, setClosedNow] = useState(false);
  const middle =
    started && result ? (
      <span className="flex flex-col items-center leading-tight">
        <ResultScore result={result} />
        <span className="text-xs font-semibold text-slate-600">{result.final ? 'Full time' : 'In play'}</span>
      </span>
    ) : undefined;
  const state = open ? 'open' : postponed ? 'postponed' : started ? 'played' : known ? 'closed' : 'teams-not-known';
  return (
    <li
      ref={cardRef}
      tabIndex={-1}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-600"
      data-testid="fixture-card"
      data-window={open ? 'open' : 'closed'}
      data-state={state}
    >
      {open && <KeepFocusOnClose card={cardRef} onKept={() => setClosedNow(true)} />}
      <div
        className={`flex flex-wrap items-center justify-between gap-2 px-4 py-1.5 text-sm ${band ? '' : 'border-b border-slate-100 bg-slate-50 text-slate-800'}`}
        style={band ? { background: band.band, color: band.text, borderBottom: `3px solid ${band.edge}` } : undefined}
        data-testid="card-band"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{fixture.league}</span>
          <RoundChip fixture={fixture} />
        </span>
        <StatusBadge status={fixture.status} />
      </div>
      <div className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          <p className="text-slate-700">
            <KickoffText fixture={fixture} />
          </p>
          {open && <Countdown deadline={match.deadline} now={now} />}
        </div>
        <div className="mt-3">
          <Teams fixture={fixture} middle={middle} />
        </div>
        {!known && !started && !postponed && !readOnly && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <TeamsNotKnown fixture={fixture} />
          </div>
        )}
        {open && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <QuickEntry fixture={fixture} prediction={prediction} />
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          {started ? (
            <div className="w-full">
              <PlayedFooter match={match} />
            </div>
          ) : (
            <>
              <div className="text-sm">
                {prediction && (
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {`Your prediction: ${prediction.homeScore} - ${prediction.awayScore}`}
                    {!open && prediction.banker && <BankerMark />}
                  </p>
                )}
                {prediction && through && <p className="text-slate-700">{through}</p>}
                {postponed && <p className="text-slate-700">Predictions open again once it has a new kick-off time.</p>}
                {closed && <p className="text-slate-700">Predictions closed</p>}
                {!prediction && (closed || (readOnly && !postponed)) && <p className="text-slate-700">No prediction</p>}
              </div>
              {open && prediction && <BankerToggle fixture={fixture} prediction={prediction} />}
              {open && (
                <button
                  type="button"
                  className="btn border border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
                  onClick={() => onPredict(fixture, prediction, now)}
                  aria-label={`${prediction ? 'Edit' : 'Predict'}: ${fixture.homeTeam} v ${fixture.awayTeam}`}
                >
                  {prediction ? 'Edit' : 'Predict'}
                </button>
              )}
            </>
          )}
        </div>
        <PickSharesPanel fixture={fixture} ask={picksClosed(match.window, fixture, now)} />
        <p role="status" className="sr-only">
          {closedNow ? 'Predictions for this match have closed: its deadline has passed.' : ''}
        </p>
      </div>
    </li>
  );
}
