import { Link } from 'react-router';
import type { AwaitingSeason } from '../../../contract/admin';
import { formatDateTime } from '../../lib/format';
import { plural } from '../../lib/plural';
import { feedSettingsPath } from './awaiting-text';

const linkClass = 'font-semibold text-brand-800 underline hover:text-brand-900';

/** A season's feed failure, in words after "its results feed's": when and why (stays until a run succeeds). */
export function FeedFailureLine({ failure }: { failure: NonNullable<AwaitingSeason['feedFailure']> }) {
  return (
    <>
      last run failed (<time dateTime={failure.at}>{formatDateTime(failure.at)}</time>): {failure.message}
    </>
  );
}

/**
 * The admin's to-do for results feeds: a season whose feed's last run failed (when and why, until
 * a later run succeeds) and moves a file or feed proposed that wait for the admin's confirmation
 * (decision 0100). Each links to the season's feed panel.
 */
export function FeedTodo({ seasons }: { seasons: readonly AwaitingSeason[] }) {
  if (seasons.length === 0) return null;
  return (
    <section
      className="card space-y-3 border-red-300 bg-red-50"
      aria-labelledby="feed-todo-title"
      data-testid="feed-todo"
    >
      <h2 id="feed-todo-title" className="text-lg font-bold text-red-950">
        Results feed needs you
      </h2>
      {seasons.map((s) => (
        <div key={s.season} className="space-y-1 text-sm text-slate-900" data-testid={`feed-todo-${s.season}`}>
          {s.feedFailure && (
            <p role="alert">
              <strong>{s.label}:</strong> its results feed’s <FeedFailureLine failure={s.feedFailure} />
            </p>
          )}
          {s.pendingMoves > 0 && (
            <p>
              <strong>{s.label}:</strong> {plural(s.pendingMoves, 'move')} of unplayed matches past their deadline{' '}
              {s.pendingMoves === 1 ? 'waits' : 'wait'} for your confirmation; nothing is changed until you confirm.
            </p>
          )}
          <p>
            <Link to={feedSettingsPath(s.season)} className={linkClass}>
              Open {s.label}’s feed
            </Link>
          </p>
        </div>
      ))}
    </section>
  );
}
