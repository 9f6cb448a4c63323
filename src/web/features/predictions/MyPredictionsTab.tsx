import { isUpcoming, predictionWindow } from '../../../game/deadline';
import { formatDateTime } from '../../lib/format';
import { plural } from '../../lib/plural';
import { EmptyState, KickoffText, OutcomePanel, Teams } from './parts';
import { ModeSwitch, type Mode } from './UpcomingTab';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { useMyPredictions, useServerNow } from './api';
import { useSeasonParam } from '../seasons/api';
import { BankerMark } from './BankerToggle';

/** Tab 2: the viewer's predictions, newest first, with outcome panels once results are in. */
export function MyPredictionsTab({
  mode,
  onMode,
  onPredict,
  readOnly = false,
}: {
  mode: Mode;
  onMode: (m: Mode) => void;
  onPredict: (f: Fixture, p: Prediction | null, now: Date) => void;
  /** A finished season: every prediction with its outcome, nothing to edit. */
  readOnly?: boolean;
}) {
  const mine = useMyPredictions(useSeasonParam());
  const now = useServerNow(mine.data?.now, mine.dataUpdatedAt);
  if (mine.isPending) return <p role="status">Loading your predictions...</p>;
  if (mine.isError) return <p role="alert">Could not load your predictions. Please try again.</p>;
  const all = mine.data.predictions;
  const shown = readOnly ? all : all.filter((m) => (mode === 'upcoming' ? isUpcoming(m.fixture, now) : !isUpcoming(m.fixture, now)));
  return (
    <div className="space-y-4">
      {!readOnly && <ModeSwitch mode={mode} onChange={onMode} />}
      {all.length === 0 ? (
        <EmptyState title="No Predictions Yet" text={readOnly ? 'You made no predictions in this season.' : mode === 'upcoming' ? 'No Upcoming Predictions' : 'No Past Predictions'} />
      ) : shown.length === 0 ? (
        <EmptyState text={mode === 'upcoming' ? 'No Upcoming Predictions' : 'No Past Predictions'} />
      ) : (
        <ul className="space-y-4">
          {shown.map(({ fixture, prediction, window }) => {
            const postponed = fixture.status === 'postponed';
            // Editable only while the deadline is open (the server's word, and the clock since it answered).
            const open = !readOnly && !postponed && window !== 'closed' && predictionWindow({ kickoffAt: fixture.kickoffAt, postponed }, now) !== 'closed';
            return (
            <li key={fixture.id} className="card" data-testid="my-prediction">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
                <span>
                  {fixture.league}
                  {fixture.gameweek ? ` · Gameweek ${fixture.gameweek}` : ''}
                </span>
                <KickoffText fixture={fixture} />
              </div>
              <div className="mt-3">
                <Teams fixture={fixture} middle={<MainScore fixture={fixture} />} />
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="text-slate-700">
                  <span className="font-semibold text-slate-900">
                    Your prediction: {prediction.homeScore} - {prediction.awayScore}
                  </span>
                  {prediction.banker && (
                    <span className="ml-2">
                      <BankerMark />
                    </span>
                  )}
                  {prediction.outcome !== null && (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-900" data-testid="pick-points">
                      {plural(prediction.points ?? 0, 'pt', 'pts')}
                    </span>
                  )}
                  <span className="block text-xs">Predicted on {formatDateTime(prediction.predictedAt)}</span>
                </span>
                {open && <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => onPredict(fixture, prediction, now)}
                  aria-label={`Edit: ${fixture.homeTeam} v ${fixture.awayTeam}`}
                >
                  Edit
                </button>}
              </div>
              <OutcomePanel fixture={fixture} prediction={prediction} />
            </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The main score of a card: the actual result once there is one (the prediction is labelled below it). */
function MainScore({ fixture }: { fixture: Fixture }) {
  const r = fixture.result?.final ? fixture.result : null;
  if (!r) return <span className="text-base font-semibold text-slate-600">vs</span>;
  return (
    <span className="flex flex-col items-center leading-tight">
      <span>{`${r.homeScore} - ${r.awayScore}`}</span>
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Result</span>
    </span>
  );
}
