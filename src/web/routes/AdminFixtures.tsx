import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../components/Banner';
import { AdminGate, notifyAdmin as notify } from '../features/admin/AdminGate';
import { useAllFixtures, useGameweeksInfo } from '../features/admin/api';
import type { Fixture } from '../../contract/fixtures';
import { BulkDeleteButton, ImportFileInput, ImportSeasonButton } from '../features/admin/BulkActions';
import { DeleteFixtureDialog } from '../features/admin/DeleteFixtureDialog';
import { FixtureCard } from '../features/admin/FixtureCard';
import { FixtureFormModal } from '../features/admin/FixtureFormModal';
import { useSeasonParam, useSelectedSeason } from '../features/seasons/api';
import { AwaitingResultsNotice } from '../features/results-desk/AwaitingResults';
import { plural } from '../lib/plural';

function AdminFixturesScreen() {
  const season = useSeasonParam();
  const selected = useSelectedSeason();
  const label = selected?.label;
  const fixtures = useAllFixtures(season);
  const info = useGameweeksInfo(season);
  // The filter offers the season's own gameweeks: those defined, and any a fixture names.
  const gameweeks = useMemo(
    () =>
      [...new Set([...(info.data?.gameweeks ?? []).map((g) => g.gameweek), ...(info.data?.withFixtures ?? [])])].sort(
        (a, b) => a - b,
      ),
    [info.data],
  );
  // It opens on the current gameweek (not all 380 cards); "All Gameweeks" stays one choice away.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const filter = chosen === undefined ? (info.data?.openingGameweek ?? null) : chosen;
  const setFilter = setChosen;
  const deciding = chosen === undefined && info.isPending;
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Fixture | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Fixture | null>(null);

  const all = useMemo(() => fixtures.data ?? [], [fixtures.data]);
  // Date then time ascending (the UK date and time order the kick-offs; postponed ones without a time last in their day).
  const shown = useMemo(
    () =>
      all
        .filter((f) => filter === null || f.gameweek === filter)
        .sort(
          (a, b) =>
            a.localDate.localeCompare(b.localDate) ||
            (a.localTime ?? '99').localeCompare(b.localTime ?? '99') ||
            a.id.localeCompare(b.id),
        ),
    [all, filter],
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Fixture Management</h1>
          <p className="text-sm text-slate-700">
            Add, edit, import and delete {selected?.competition.name ?? 'Premier League'} {label ? `${label} ` : ''}
            fixtures.
          </p>
        </div>
      </div>

      <AwaitingResultsNotice />

      <section aria-label="Fixture actions" className="card flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Add Single Fixture
        </button>
        <ImportSeasonButton busy={busy} setBusy={setBusy} />
        <ImportFileInput busy={busy} setBusy={setBusy} />
        <Link to="/admin/gameweeks" className="btn-secondary">
          Manage Gameweeks
        </Link>
      </section>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="gameweek-filter" className="label">
            Filter by gameweek
          </label>
          <select
            id="gameweek-filter"
            className="input w-56"
            value={filter === null ? 'all' : String(filter)}
            onChange={(e) => setFilter(e.target.value === 'all' ? null : Number(e.target.value))}
          >
            <option value="all">All Gameweeks</option>
            {gameweeks.map((n) => (
              <option key={n} value={n}>
                Gameweek {n}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-700" data-testid="showing-count" aria-live="polite">
          Showing {shown.length} of {plural(all.length, 'fixture')}
        </p>
      </div>

      {fixtures.isPending || deciding ? (
        <p role="status" className="text-slate-700">
          Loading fixtures...
        </p>
      ) : fixtures.isError ? (
        <Banner kind="error">Failed to load fixtures. Please try again.</Banner>
      ) : shown.length === 0 ? (
        <p className="card text-center text-slate-700">
          {all.length === 0 ? 'No fixtures yet. Import the season or add a fixture.' : 'No fixtures in this gameweek.'}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Fixtures">
          {shown.map((f) => (
            <FixtureCard
              key={f.id}
              fixture={f}
              onEdit={() => {
                setEditing(f);
                setFormOpen(true);
              }}
              onDelete={() => setDeleting(f)}
            />
          ))}
        </ul>
      )}

      {/* Destructive, so last on the page and apart from the everyday actions. */}
      <section aria-labelledby="delete-fixtures-title" className="rounded-xl border border-red-200 bg-white p-4 sm:p-6">
        <h2 id="delete-fixtures-title" className="text-base font-bold text-slate-900">
          Delete fixtures
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Deletes the fixtures the filter shows ({filter === null ? 'every gameweek' : `Gameweek ${filter}`}), with
          their predictions and results. This cannot be undone.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <BulkDeleteButton
            season={season}
            gameweek={filter}
            count={shown.length}
            busy={busy || fixtures.isPending}
            setBusy={setBusy}
          />
        </div>
      </section>

      <FixtureFormModal
        open={formOpen}
        fixture={editing}
        season={season}
        today={info.data?.today}
        onClose={() => setFormOpen(false)}
        onSaved={(text) => {
          setFormOpen(false);
          notify('success', text);
        }}
      />
      <DeleteFixtureDialog fixture={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** The Admin Fixtures screen (/admin). */
export default function AdminFixtures() {
  return (
    <AdminGate loading="Verifying admin access..." homeLabel="Go to Dashboard" homeTo="/dashboard">
      <AdminFixturesScreen />
    </AdminGate>
  );
}
