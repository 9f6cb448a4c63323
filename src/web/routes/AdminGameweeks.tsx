import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../components/Banner';
import { ApiError } from '../lib/api';
import { dayMonthYear } from '../lib/format';
import { AdminGate, notifyAdmin as notify } from '../features/admin/AdminGate';
import {
  useAddGameweek,
  useInitializeGameweeks,
  useResetGameweeks,
  useSaveGameweek,
  useStoredGameweeks,
} from '../features/admin/api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { GameweekDefinition } from '../../game/gameweeks';
import { useSelectedSeason } from '../features/seasons/api';

const codeMessage = (err: unknown) =>
  err instanceof ApiError
    ? `${err.code} - ${err.message}`
    : `unknown - ${err instanceof Error ? err.message : 'Something went wrong.'}`;

function GameweekRow({ season, def }: { season: string; def: GameweekDefinition }) {
  const saveGameweek = useSaveGameweek();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ startDate: def.startDate, endDate: def.endDate });
  useEffect(() => {
    if (!editing) setDraft({ startDate: def.startDate, endDate: def.endDate });
  }, [def, editing]);

  async function save() {
    try {
      await saveGameweek.mutateAsync({ season, gameweek: def.gameweek, body: draft });
      setEditing(false);
      notify('success', `Gameweek ${def.gameweek} dates updated successfully!`);
    } catch {
      notify('error', 'Failed to save gameweek changes');
    }
  }

  const label = `Gameweek ${def.gameweek}`;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid={`gameweek-row-${def.gameweek}`}>
      <span className="w-16 shrink-0 rounded-md bg-brand-100 px-2 py-1 text-center text-sm font-bold text-brand-900">
        GW {def.gameweek}
      </span>
      {editing ? (
        <>
          <div className="flex flex-1 flex-wrap gap-3">
            <label className="min-w-36 flex-1 text-sm">
              <span className="label">Start date</span>
              <input
                type="date"
                className="input"
                value={draft.startDate}
                aria-label={`${label} start date`}
                onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))}
              />
            </label>
            <label className="min-w-36 flex-1 text-sm">
              <span className="label">End date</span>
              <input
                type="date"
                className="input"
                value={draft.endDate}
                aria-label={`${label} end date`}
                onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))}
              />
            </label>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-primary"
              onClick={() => void save()}
              disabled={saveGameweek.isPending || !draft.startDate || !draft.endDate}
              aria-label={`Save ${label}`}
            >
              Save
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setEditing(false)}
              disabled={saveGameweek.isPending}
              aria-label={`Cancel editing ${label}`}
            >
              Cancel
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="flex-1 text-sm text-slate-800">
            <span className="font-semibold" data-testid="gameweek-dates">
              {dayMonthYear(def.startDate)} to {dayMonthYear(def.endDate)}
            </span>
          </p>
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)} aria-label={`Edit ${label}`}>
            Edit
          </button>
        </>
      )}
    </li>
  );
}

function GameweeksScreen() {
  const season = useSelectedSeason();
  const seasonId = season?.id ?? '';
  const stored = useStoredGameweeks(season?.id);
  const addGameweek = useAddGameweek();
  const initialize = useInitializeGameweeks();
  const resetAll = useResetGameweeks();
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const defs = stored.data ?? [];
  const empty = stored.isSuccess && defs.length === 0;
  const missing2 = stored.isSuccess && defs.length > 0 && !defs.some((d) => d.gameweek === 2);

  async function act(run: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await run();
      notify('success', success);
    } catch (err) {
      notify('error', `${failure}: ${codeMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/admin" className="text-sm font-semibold text-brand-800 underline">
            ← Back to Admin
          </Link>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">Gameweek Management</h1>
          {season && <p className="text-sm text-slate-700">Season {season.label}</p>}
        </div>
      </div>

      {stored.isError && (
        <Banner kind="error">{`Failed to load gameweek definitions: ${codeMessage(stored.error)}`}</Banner>
      )}

      <div className="flex flex-wrap gap-3">
        {missing2 && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() =>
              void act(
                () => addGameweek.mutateAsync({ season: seasonId, gameweek: 2 }),
                'Gameweek 2 added successfully!',
                'Failed to add gameweek 2',
              )
            }
          >
            Add Gameweek 2
          </button>
        )}
        {empty && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() =>
              void act(
                () => initialize.mutateAsync(seasonId),
                'Default gameweek definitions initialized successfully!',
                'Failed to initialize gameweeks',
              )
            }
          >
            Initialize Gameweeks
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          disabled={busy || !stored.isSuccess}
          onClick={() => setConfirmReset(true)}
        >
          Reset to Defaults
        </button>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="card !p-0" aria-labelledby="gw-list-heading">
          <h2 id="gw-list-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-bold">
            Gameweek definitions
          </h2>
          {stored.isPending ? (
            <p role="status" className="p-4 text-slate-700">
              Loading gameweeks...
            </p>
          ) : empty ? (
            <p className="p-4 text-slate-700">
              No gameweek definitions are stored yet. The default dates apply until you initialize them.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {defs.map((d) => (
                <GameweekRow key={d.gameweek} season={seasonId} def={d} />
              ))}
            </ul>
          )}
        </section>

        <aside className="card h-fit border-sky-200 bg-sky-50 text-sm text-sky-950" aria-labelledby="gw-help-heading">
          <h2 id="gw-help-heading" className="text-base font-bold">
            How gameweeks work
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              <strong>Start date</strong> is when predictions open for the gameweek.
            </li>
            <li>
              <strong>End date</strong> is the last day whose matches belong to the gameweek.
            </li>
            <li>Changes are reflected in real time for all users.</li>
            <li>Matches are assigned to gameweeks by their date.</li>
            <li>The current gameweek is the one whose date range contains today.</li>
          </ul>
        </aside>
      </div>

      <ConfirmDialog
        open={confirmReset}
        title="Reset to Defaults"
        confirmLabel="Reset"
        danger
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          void act(
            () => resetAll.mutateAsync(seasonId),
            'Default gameweek definitions initialized successfully!',
            'Failed to initialize gameweeks',
          );
        }}
      >
        <p>
          Replace every gameweek&apos;s dates with the default definitions of the {season?.label} season, from its
          rounds?
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The Gameweek Management screen (/admin/gameweeks). */
export default function AdminGameweeks() {
  return (
    <AdminGate loading="Loading..." homeLabel="Go Home" homeTo="/">
      <GameweeksScreen />
    </AdminGate>
  );
}
