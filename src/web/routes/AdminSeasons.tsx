import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../components/Banner';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ApiError } from '../lib/api';
import { dayMonthYear } from '../lib/format';
import { AdminGate, notifyAdmin as notify } from '../features/admin/AdminGate';
import { useAdminSeasons, useSetCurrentSeason } from '../features/admin/seasons/api';
import { CreateSeasonDialog } from '../features/admin/seasons/CreateSeasonDialog';
import { ReimportDialog } from '../features/admin/seasons/ReimportDialog';
import { FeedPanel } from '../features/admin/seasons/FeedPanel';
import type { AdminSeason } from '../../contract/admin-seasons';
import { AwaitingResultsNotice } from '../features/results-desk/AwaitingResults';

const PHASE = {
  upcoming: { text: 'Upcoming', style: 'bg-sky-100 text-sky-900' },
  'in-progress': { text: 'In progress', style: 'bg-green-100 text-green-900' },
  finished: { text: 'Finished', style: 'bg-slate-200 text-slate-800' },
} as const;

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

function SeasonCard({
  season,
  pinned,
  pollMinutes,
  feedFirst,
  onPin,
  onReimport,
}: {
  season: AdminSeason;
  pinned: boolean;
  pollMinutes: number | null;
  /** Opened from a link to this season's feed (`?feed=<id>`): the panel starts open. */
  feedFirst: boolean;
  onPin: (id: string | null) => void;
  onReimport: (s: AdminSeason) => void;
}) {
  const [feedOpen, setFeedOpen] = useState(feedFirst);
  const phase = PHASE[season.phase];
  const panelId = `feed-${season.id}`;
  return (
    <li className="card" data-testid={`season-${season.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
            {season.label}
            <span className={`rounded px-2 py-0.5 text-xs font-bold ${phase.style}`}>{phase.text}</span>
            {season.current && (
              <span className="rounded bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-900">
                {pinned ? 'Current (pinned)' : 'Current (by the clock)'}
              </span>
            )}
            {season.openConflicts > 0 && (
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                {season.openConflicts} conflict{season.openConflicts === 1 ? '' : 's'}
              </span>
            )}
            {season.pendingMoves > 0 && (
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                {season.pendingMoves} move{season.pendingMoves === 1 ? '' : 's'} to confirm
              </span>
            )}
          </h2>
          <p className="text-sm text-slate-700">
            {season.startDate && season.endDate
              ? `${dayMonthYear(season.startDate)} – ${dayMonthYear(season.endDate)}`
              : 'No fixtures yet'}{' '}
            · {season.fixtures} fixtures · {season.results} results
          </p>
          {season.lastRun && (
            <p className="text-sm text-slate-700">
              Last feed run:{' '}
              <span className={season.lastRun.outcome === 'failed' ? 'font-semibold text-red-800' : ''}>
                {season.lastRun.message}
              </span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {season.current && pinned ? (
            <button type="button" className="btn-secondary" onClick={() => onPin(null)}>
              Back to “by the clock”
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => onPin(season.id)}
              aria-label={`Set ${season.label} as the current season`}
            >
              Set as current
            </button>
          )}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => onReimport(season)}
            aria-label={`Re-import a file of ${season.label}`}
          >
            Re-import file
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={feedOpen}
            aria-controls={panelId}
            onClick={() => setFeedOpen((o) => !o)}
          >
            Results feed
          </button>
        </div>
      </div>
      <div id={panelId}>
        {feedOpen && <FeedPanel season={season} pollMinutes={pollMinutes} editFirst={feedFirst} />}
      </div>
    </li>
  );
}

function SeasonsScreen() {
  const seasons = useAdminSeasons();
  const [params] = useSearchParams();
  const setCurrent = useSetCurrentSeason();
  const [creating, setCreating] = useState(false);
  const [reimporting, setReimporting] = useState<AdminSeason | null>(null);
  const [pinning, setPinning] = useState<{ id: string | null; label: string } | null>(null);
  const data = seasons.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/admin" className="text-sm font-semibold text-brand-800 underline">
            ← Back to Admin
          </Link>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">Seasons</h1>
          {data && (
            <p className="text-sm text-slate-700">
              {data.pinned ? 'The current season is pinned.' : 'The current season follows the clock.'}
            </p>
          )}
        </div>
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          Create season from file
        </button>
      </div>

      <AwaitingResultsNotice />

      {seasons.isError && <Banner kind="error">{`Failed to load seasons: ${message(seasons.error)}`}</Banner>}
      {seasons.isPending ? (
        <p role="status" className="text-slate-700">
          Loading seasons…
        </p>
      ) : (
        <ul className="space-y-4">
          {data?.seasons.map((s) => (
            <SeasonCard
              key={`${s.id}:${params.get('feed') === s.id}`}
              season={s}
              pinned={data.pinned}
              pollMinutes={data.pollMinutes}
              feedFirst={params.get('feed') === s.id}
              onReimport={setReimporting}
              onPin={(id) => setPinning({ id, label: s.label })}
            />
          ))}
        </ul>
      )}

      <CreateSeasonDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(text) => notify('success', text)}
      />
      <ReimportDialog
        season={reimporting}
        onClose={() => setReimporting(null)}
        onDone={(text) => notify('success', text)}
      />
      <ConfirmDialog
        open={pinning !== null}
        title={pinning?.id ? 'Set the current season' : 'Current season by the clock'}
        confirmLabel={pinning?.id ? `Make ${pinning.label} current` : 'Follow the clock'}
        busy={setCurrent.isPending}
        onCancel={() => setPinning(null)}
        onConfirm={async () => {
          const target = pinning;
          setPinning(null);
          if (!target) return;
          try {
            const out = await setCurrent.mutateAsync(target.id);
            notify(
              'success',
              out.pinned
                ? `${target.label} is now the current season.`
                : `The current season follows the clock again (${out.current}).`,
            );
          } catch (err) {
            notify('error', message(err));
          }
        }}
      >
        <p>
          {pinning?.id
            ? `Every player's screens (dashboard, predictions, tables) will open on ${pinning.label} until you set it back to the clock.`
            : 'The season in progress (or the next one, or the last finished) becomes current again.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The admin's seasons screen: seasons, the current season, imports and the results feed. */
export default function AdminSeasons() {
  return (
    <AdminGate loading="Loading seasons..." homeLabel="Go to Dashboard" homeTo="/dashboard">
      <SeasonsScreen />
    </AdminGate>
  );
}
