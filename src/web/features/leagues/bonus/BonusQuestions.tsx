import { lazy, Suspense, useEffect, useState } from 'react';
import type { Question } from '../../../../contract/bonus-questions';
import type { League } from '../../../../contract/leagues';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api';
import { useServerNow } from '../../predictions/api';
import { notifyLeagues as notify } from '../api';
import { useBonusQuestions, useDeleteQuestion, useUnsettleQuestion } from './api';
import { QuestionCard } from './QuestionCard';
import { DialogLoading } from '../LazyFallbacks';

// The dialogs (the question form with its form and validation code) load when first opened, and
// each is rendered only while open: its Modal mounts open, moves focus in, and hands focus back
// to the trigger when it unmounts on close.
const QuestionDialog = lazy(() => import('./QuestionForm').then((m) => ({ default: m.QuestionDialog })));
const SettleDialog = lazy(() => import('./SettleDialog').then((m) => ({ default: m.SettleDialog })));
const AnswersDialog = lazy(() => import('./AnswersDialog').then((m) => ({ default: m.AnswersDialog })));

/** The longest a timer may wait in a browser (about 24.8 days); a later lock is reached by the re-render that follows. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/**
 * A league's bonus questions in the season the page shows: the creator adds, changes, deletes
 * and settles them; members answer until each lock; after it everyone's answers show. `season`
 * null: the all-seasons table is shown, and questions belong to one season.
 */
export function BonusQuestions({
  league,
  season,
  readOnly,
}: {
  league: League;
  season: string | null;
  readOnly: boolean;
}) {
  return (
    <section className="card" aria-labelledby="bonus-title">
      {season === null ? (
        <>
          <h2 id="bonus-title" className="text-lg font-bold text-slate-900">
            Bonus questions
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Bonus questions belong to one season: choose a season to see them.
          </p>
        </>
      ) : (
        <QuestionsOf key={`${league.id}:${season}`} league={league} season={season} readOnly={readOnly} />
      )}
    </section>
  );
}

function QuestionsOf({ league, season, readOnly }: { league: League; season: string; readOnly: boolean }) {
  const q = useBonusQuestions(league.id, season);
  const now = useServerNow(q.data?.now, q.dataUpdatedAt);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [settling, setSettling] = useState<Question | null>(null);
  const [unsettling, setUnsettling] = useState<Question | null>(null);
  const [showing, setShowing] = useState<Question | null>(null);
  const remove = useDeleteQuestion(league.id);
  const unsettle = useUnsettleQuestion(league.id);
  const data = q.data;
  const { refetch } = q;

  // When the next question locks (by the server's clock), read the list again: its answers and tally show from then on.
  const nextLock =
    data?.questions
      .filter((x) => !x.locked)
      .reduce<number | null>((min, x) => Math.min(min ?? Infinity, Date.parse(x.locksAt)), null) ?? null;
  const serverNow = data?.now;
  const receivedAt = q.dataUpdatedAt;
  useEffect(() => {
    if (nextLock === null || serverNow === undefined) return;
    const nowThere = Date.parse(serverNow) + (Date.now() - receivedAt);
    const timer = setTimeout(() => void refetch(), Math.min(TIMER_MAX_MS, Math.max(0, nextLock - nowThere) + 1000));
    return () => clearTimeout(timer);
  }, [nextLock, serverNow, receivedAt, refetch]);

  const canManage = Boolean(data?.canManage) && !readOnly;
  const full = data ? data.questions.length >= data.max : false;
  const count = data?.questions.length ?? 0;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="bonus-title" className="text-lg font-bold text-slate-900">
            Bonus questions
          </h2>
          <p className="text-sm text-slate-700">
            Answer each before it closes. Points for right answers join the table as Bonus.
          </p>
        </div>
        {canManage && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => setAdding(true)}
            disabled={full}
            aria-describedby={full ? 'bonus-full' : undefined}
          >
            Add a Question
          </button>
        )}
      </div>
      {canManage && full && (
        <p id="bonus-full" className="mt-2 text-sm text-slate-700">
          This league has {data!.max} questions this season, the most it can have. Delete one to add another.
        </p>
      )}

      {q.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading bonus questions...
        </p>
      ) : q.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {q.error.message}
        </p>
      ) : count === 0 ? (
        <p className="mt-4 text-slate-700">
          {canManage
            ? 'No bonus questions yet. Ask who will be champions, who goes down, where a club finishes, or anything you like.'
            : readOnly
              ? 'This league had no bonus questions this season.'
              : 'No bonus questions yet. The league creator can add some.'}
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {data!.questions.map((question) => (
            <li key={question.id}>
              <QuestionCard
                leagueId={league.id}
                question={question}
                now={now}
                readOnly={readOnly}
                actions={{
                  onShowAnswers: setShowing,
                  onEdit: canManage ? setEditing : undefined,
                  onDelete: canManage ? setDeleting : undefined,
                  onSettle: data!.canSettle ? setSettling : undefined,
                  onUnsettle: data!.canSettle ? setUnsettling : undefined,
                }}
              />
            </li>
          ))}
        </ol>
      )}

      {(adding || editing !== null) && (
        <Suspense fallback={<DialogLoading />}>
          <QuestionDialog
            open
            leagueId={league.id}
            season={season}
            question={editing}
            onClose={() => (setAdding(false), setEditing(null))}
          />
        </Suspense>
      )}
      {settling && (
        <Suspense fallback={<DialogLoading />}>
          <SettleDialog leagueId={league.id} question={settling} onClose={() => setSettling(null)} />
        </Suspense>
      )}
      {showing && (
        <Suspense fallback={<DialogLoading />}>
          <AnswersDialog leagueId={league.id} question={showing} onClose={() => setShowing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        danger
        open={deleting !== null}
        title="Delete Question"
        confirmLabel="Delete Question"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            notify('success', 'Question deleted.');
          } catch (err) {
            notify('error', err instanceof ApiError ? err.message : 'Failed to delete the question. Please try again.');
          }
          setDeleting(null);
        }}
      >
        <p>
          Delete <strong>{deleting?.prompt}</strong>? Members’ answers go with it
          {deleting?.settlement ? ', and its bonus points leave the table' : ''}.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={unsettling !== null}
        title={unsettling?.fromTable ? 'Return to the Final Table' : 'Take Back Settlement'}
        confirmLabel={unsettling?.fromTable ? 'Return to the Final Table' : 'Take Back Settlement'}
        busy={unsettle.isPending}
        onCancel={() => setUnsettling(null)}
        onConfirm={async () => {
          if (!unsettling) return;
          try {
            await unsettle.mutateAsync({ id: unsettling.id, version: unsettling.settlementVersion });
            notify(
              'success',
              unsettling.fromTable
                ? 'Settlement taken back. The final table settles it once the season is complete.'
                : 'Settlement taken back. Its points left the table.',
            );
          } catch (err) {
            notify(
              'error',
              err instanceof ApiError ? err.message : 'Failed to take back the settlement. Please try again.',
            );
          }
          setUnsettling(null);
        }}
      >
        <p>
          {unsettling?.fromTable
            ? 'The points of this settlement leave the table; the final table settles the question again once the season’s last match has its result.'
            : 'The points of this settlement leave the table until the question is settled again.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
