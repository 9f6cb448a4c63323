import { KIND_LABELS, type Question } from '../../../../contract/bonus-questions';
import { deadlineCountdown } from '../../../../game/countdown';
import { formatDateTime } from '../../../lib/format';
import { AnswerForm } from './AnswerForm';
import { earnedText, optionLabel, optionList, worthText } from './labels';

export interface QuestionActions {
  onEdit?: (q: Question) => void;
  onDelete?: (q: Question) => void;
  onSettle?: (q: Question) => void;
  onUnsettle?: (q: Question) => void;
  onShowAnswers: (q: Question) => void;
}

/** When answers close: a countdown before, the moment after. */
function lockText(q: Question, now: Date): string {
  const at = formatDateTime(q.locksAt);
  if (q.locked) return `Answers closed ${at}`;
  const left = deadlineCountdown(q.locksAt, now);
  return left ? `Answers ${left.replace(/^closes/, 'close')} (${at})` : `Answers close ${at}`;
}

function settledBy(q: Question): string {
  const s = q.settlement!;
  const who =
    s.by === 'results'
      ? 'from the final table'
      : s.by === 'organiser'
        ? `by ${s.byName ?? 'the league creator'} (league creator)`
        : `by ${s.byName ?? 'an admin'} (admin)`;
  return `Settled ${who} on ${formatDateTime(s.at)}.`;
}

/** One question: what it asks and is worth, its lock, the viewer's answer, and after the lock how the league answered. */
export function QuestionCard({
  leagueId,
  question: q,
  now,
  readOnly,
  actions,
}: {
  leagueId: string;
  question: Question;
  now: Date;
  readOnly: boolean;
  actions: QuestionActions;
}) {
  const headingId = `bq-${q.id}`;
  const right = new Set(q.settlement?.correct ?? []);
  const tallied = q.tally
    ? q.tally
        .map((n, i) => ({ i, n }))
        .filter((t) => t.n > 0 || right.has(t.i))
        .sort((a, b) => b.n - a.n || a.i - b.i)
    : [];
  // A button's name carries the question it acts on. As aria-label, not hidden text: a hidden span
  // starting with ":" is read as "Delete : …" (the browser spaces out the hidden block).
  const about = (action: string) => `${action}: ${q.prompt}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-base font-bold text-slate-900">
          {q.prompt}
        </h3>
        <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {KIND_LABELS[q.kind]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {worthText(q)} · {lockText(q, now)}
      </p>

      {!q.locked && !readOnly && !q.settlement && <AnswerForm leagueId={leagueId} question={q} />}

      {(q.locked || q.settlement) && (
        <div className="mt-3 space-y-2 text-sm">
          <p className="text-slate-900">
            <span className="font-semibold">Your answer: </span>
            {q.mine ? optionList(q, q.mine.choices) : 'You did not answer.'}
            {q.mine && q.mine.points !== null && (
              <span
                className={`ml-2 rounded px-2 py-0.5 text-xs font-bold ${q.mine.points > 0 ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
              >
                {earnedText(q.mine.points)}
              </span>
            )}
          </p>
          {q.settlement ? (
            <div className="rounded-lg bg-brand-50 p-3 text-slate-900">
              <p>
                <span className="font-semibold">
                  {q.settlement.correct.length === 1 ? 'Right answer: ' : 'Right answers: '}
                </span>
                {optionList(q, q.settlement.correct)}
              </p>
              <p className="text-xs text-slate-700">{settledBy(q)}</p>
              {q.settlement.note && <p className="mt-1 text-slate-800">“{q.settlement.note}”</p>}
            </div>
          ) : q.fromTable ? (
            <p className="text-slate-700">
              {q.tableLevel
                ? 'The final table is level on points, goal difference and goals scored at a place this question asks about, so the league creator or an admin settles it.'
                : 'It settles itself from the final table once the season’s last match has its result.'}
            </p>
          ) : (
            <p className="text-slate-700">Waiting for the league creator to settle it.</p>
          )}
          {q.answered !== null && (
            <div>
              <p className="font-semibold text-slate-900">
                How the league answered ({q.answered} {q.answered === 1 ? 'answer' : 'answers'})
              </p>
              {tallied.length > 0 && (
                <ul className="mt-1 space-y-1">
                  {tallied.map(({ i, n }) => (
                    <li key={i} className="flex items-center gap-2">
                      <span className="w-40 shrink-0 truncate sm:w-56" title={optionLabel(q, i)}>
                        {optionLabel(q, i)}
                        {right.has(i) && (
                          <span className="ml-1 font-bold text-green-800">
                            ✓<span className="sr-only"> right</span>
                          </span>
                        )}
                      </span>
                      <span
                        aria-hidden="true"
                        className="h-2 rounded bg-brand-600"
                        style={{ width: `${Math.max(4, (n / Math.max(1, q.answered!)) * 100)}px` }}
                      />
                      <span className="tabular-nums text-slate-700">{n}</span>
                    </li>
                  ))}
                </ul>
              )}
              {q.answered > 0 && (
                <button
                  type="button"
                  className="mt-2 font-semibold text-brand-800 underline"
                  onClick={() => actions.onShowAnswers(q)}
                  aria-label={about('See everyone’s answers')}
                >
                  See everyone’s answers
                </button>
              )}
            </div>
          )}
        </div>
      )}

      {(actions.onEdit || actions.onDelete || actions.onSettle || actions.onUnsettle) && (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3">
          {actions.onSettle && q.locked && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => actions.onSettle!(q)}
              aria-label={about(q.settlement ? 'Change Settlement' : 'Settle')}
            >
              {q.settlement ? 'Change Settlement' : 'Settle'}
            </button>
          )}
          {actions.onUnsettle && q.settlement && q.settlement.by !== 'results' && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => actions.onUnsettle!(q)}
              aria-label={about(q.fromTable ? 'Return to the Final Table' : 'Take Back Settlement')}
            >
              {q.fromTable ? 'Return to the Final Table' : 'Take Back Settlement'}
            </button>
          )}
          {actions.onEdit && q.canEdit && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => actions.onEdit!(q)}
              aria-label={about('Edit')}
            >
              Edit
            </button>
          )}
          {actions.onDelete && (
            <button
              type="button"
              className="btn-secondary text-red-800"
              onClick={() => actions.onDelete!(q)}
              aria-label={about('Delete')}
            >
              Delete
            </button>
          )}
        </div>
      )}
    </article>
  );
}
