import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Banner } from '../../../components/Banner';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { displayTeamName } from '../../../../game/clubs';
import { feedUrlSchema } from '../../../../contract/feed';
import type { AdminSeason, FeedRun } from '../../../../contract/admin-seasons';
import { notifyAdmin as notify } from '../AdminGate';
import { plural } from '../../../lib/plural';
import { useFeedState, useResolveConflict, useSetFeedUrl, useSyncNow } from './api';
import { HeldMoves } from './HeldMoves';
import { awaitingKey, useAcceptFeed, useAwaitingResults } from '../../results-desk/api';
import { useQueryClient } from '@tanstack/react-query';

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
const formSchema = z.object({ feedUrl: feedUrlSchema });

const OUTCOME = {
  changed: { text: 'Changed', style: 'bg-green-100 text-green-900' },
  unchanged: { text: 'No changes', style: 'bg-slate-100 text-slate-800' },
  failed: { text: 'Failed', style: 'bg-red-100 text-red-900' },
} as const;

function RunItem({ run }: { run: FeedRun }) {
  const o = run.outcome ? OUTCOME[run.outcome] : { text: 'Running', style: 'bg-sky-100 text-sky-900' };
  return (
    <li className="py-2 text-sm" data-testid="feed-run">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${o.style}`}>{o.text}</span>
        <time className="text-slate-600" dateTime={run.startedAt}>
          {formatDateTime(run.startedAt)}
        </time>
      </div>
      <p className="mt-1 break-words text-slate-800">{run.message}</p>
      {run.changes.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer text-slate-700">What changed ({run.changes.length})</summary>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {run.changes.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** When the server reads a feed: every N minutes (FEED_POLL_MINUTES) and on "Sync now", or only then. */
export function feedScheduleText(pollMinutes: number | null): string {
  if (!pollMinutes) return 'Read when you press Sync now (no schedule is set on this server).';
  return `Read every ${pollMinutes === 1 ? 'minute' : plural(pollMinutes, 'minute')}, and when you press Sync now.`;
}

/**
 * A season's results feed: its address, "Sync now", recent runs and the conflicts to settle.
 * Without an address it offers openfootball's file of the season (the server's suggestion) to
 * use as it is, in one click, or to edit first; `editFirst` (the admin came to edit it) puts it
 * in the field and the focus there.
 */
export function FeedPanel({
  season,
  pollMinutes,
  editFirst = false,
}: {
  season: AdminSeason;
  pollMinutes: number | null;
  editFirst?: boolean;
}) {
  const state = useFeedState(season.id);
  const setUrl = useSetFeedUrl();
  const sync = useSyncNow();
  const accept = useAcceptFeed();
  const resolve = useResolveConflict();
  const qc = useQueryClient();
  const suggestion = useAwaitingResults().data?.seasons.find((s) => s.season === season.id)?.suggestedFeedUrl ?? null;
  const inputId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Why "Sync now" itself was refused (busy, too many): stays until the next try.
  const [syncError, setSyncError] = useState<string | null>(null);
  const failure = state.data?.lastFailure ?? null;
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { feedUrl: season.feedUrl ?? '' },
  });
  useEffect(
    () => reset({ feedUrl: state.data?.feedUrl ?? season.feedUrl ?? '' }),
    [state.data?.feedUrl, season.feedUrl, reset],
  );
  const feedUrl = state.data?.feedUrl ?? season.feedUrl;
  const offer = !feedUrl && suggestion !== null;

  const editSuggestion = () => {
    if (!suggestion) return;
    setValue('feedUrl', suggestion, { shouldDirty: true });
    input.current?.focus();
  };
  // Came to edit the suggestion: once the feed and the suggestion are known, put it in the field.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!editFirst || prefilled.current || state.isPending || suggestion === null) return;
    prefilled.current = true;
    if (!feedUrl) editSuggestion();
    else input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when what it needs has loaded
  }, [editFirst, state.isPending, suggestion, feedUrl]);

  const save = handleSubmit(async ({ feedUrl }) => {
    setFormError(null);
    try {
      await setUrl.mutateAsync({ season: season.id, feedUrl });
      await qc.invalidateQueries({ queryKey: awaitingKey });
      notify('success', 'Feed address saved.');
    } catch (err) {
      setFormError(message(err));
    }
  });
  const { ref: fieldRef, ...field } = register('feedUrl');

  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4" data-testid={`feed-panel-${season.id}`}>
      <form onSubmit={(e) => void save(e)} noValidate className="space-y-2">
        {formError && <Banner kind="error">{formError}</Banner>}
        <label htmlFor={inputId} className="label">
          Results feed address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="url"
            className="input flex-1"
            placeholder="https://…/2026-27/1-premierleague.txt"
            aria-invalid={errors.feedUrl ? true : undefined}
            aria-describedby={`${inputId}-help`}
            {...field}
            ref={(el) => {
              fieldRef(el);
              input.current = el;
            }}
          />
          <button type="submit" className="btn-secondary" disabled={isSubmitting}>
            Save address
          </button>
          {feedUrl && (
            <button
              type="button"
              className="btn-secondary"
              onClick={async () => {
                try {
                  await setUrl.mutateAsync({ season: season.id, feedUrl: null });
                  notify('success', 'Feed turned off.');
                } catch (err) {
                  setFormError(message(err));
                }
              }}
            >
              Turn off
            </button>
          )}
        </div>
        {errors.feedUrl && <p className="field-error">{errors.feedUrl.message}</p>}
        <p id={`${inputId}-help`} className="text-xs text-slate-600">
          A Football.TXT or openfootball JSON file of this season. {feedScheduleText(pollMinutes)}
        </p>
      </form>

      {offer && (
        <section
          aria-labelledby={`suggestion-${season.id}`}
          className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-slate-800"
          data-testid="feed-suggestion"
        >
          <h4 id={`suggestion-${season.id}`} className="font-bold text-slate-900">
            Suggested feed
          </h4>
          <p>
            openfootball publishes {season.label}’s fixtures and results, usually within days of each match, in the file
            this app’s built-in seasons come from. Nothing is read from it until you use it.
          </p>
          <p className="break-all rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs">{suggestion}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={accept.isPending}
              onClick={async () => {
                setFormError(null);
                try {
                  const run = await accept.mutateAsync({ season: season.id, feedUrl: suggestion });
                  notify(run.outcome === 'failed' ? 'error' : 'success', run.message ?? 'The feed was read.');
                } catch (err) {
                  setFormError(message(err));
                }
              }}
            >
              {accept.isPending ? 'Reading the feed…' : 'Use this feed'}
            </button>
            <button type="button" className="btn-secondary" onClick={editSuggestion}>
              Edit it first
            </button>
          </div>
        </section>
      )}

      {failure && (
        <div data-testid="feed-failure">
          <Banner kind="error">
            <strong>The last feed run failed</strong> (
            <time dateTime={failure.finishedAt ?? failure.startedAt}>
              {formatDateTime(failure.finishedAt ?? failure.startedAt)}
            </time>
            ): {failure.message} This stays here until a run succeeds.
          </Banner>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={!feedUrl || sync.isPending}
          onClick={async () => {
            setSyncError(null);
            try {
              const { run } = await sync.mutateAsync(season.id);
              notify(run.outcome === 'failed' ? 'error' : 'success', run.message ?? 'Synced.');
            } catch (err) {
              setSyncError(message(err));
            }
          }}
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      {syncError && (
        <Banner kind="error" onDismiss={() => setSyncError(null)}>
          {syncError}
        </Banner>
      )}

      <HeldMoves season={season.id} moves={state.data?.moves ?? []} />

      {(state.data?.conflicts.length ?? 0) > 0 && (
        <section
          aria-labelledby={`conflicts-${season.id}`}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3"
        >
          <h4 id={`conflicts-${season.id}`} className="font-bold text-amber-950">
            Conflicts to settle
          </h4>
          <ul className="mt-2 divide-y divide-amber-200">
            {state.data!.conflicts.map((c) => (
              <li
                key={c.fixtureId}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                data-testid="feed-conflict"
              >
                <span>
                  <strong>
                    {displayTeamName(c.homeTeam)} v {displayTeamName(c.awayTeam)}
                  </strong>
                  : the feed says {c.feed.homeScore}-{c.feed.awayScore}, the admin entered{' '}
                  {c.admin ? `${c.admin.homeScore}-${c.admin.awayScore}` : 'no result'}.
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={resolve.isPending}
                    onClick={() =>
                      void resolve
                        .mutateAsync({ season: season.id, fixtureId: c.fixtureId, keep: 'admin' })
                        .catch((e: unknown) => notify('error', message(e)))
                    }
                  >
                    Keep the admin’s
                  </button>
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={resolve.isPending}
                    onClick={() =>
                      void resolve
                        .mutateAsync({ season: season.id, fixtureId: c.fixtureId, keep: 'feed' })
                        .catch((e: unknown) => notify('error', message(e)))
                    }
                  >
                    Take the feed’s {c.feed.homeScore}-{c.feed.awayScore}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={`runs-${season.id}`}>
        <h4 id={`runs-${season.id}`} className="font-bold text-slate-900">
          Recent runs
        </h4>
        {state.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Loading runs…
          </p>
        ) : state.data?.runs.length ? (
          <ul className="divide-y divide-slate-200">
            {state.data.runs.map((r) => (
              <RunItem key={r.id} run={r} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No runs yet.</p>
        )}
      </section>
    </div>
  );
}
