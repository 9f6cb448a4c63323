import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyAdmin as notify } from './AdminGate';
import { useDeleteFixtures, useImportFile, useImportSeasonBatch } from './api';
import { useSelectedSeason } from '../seasons/api';
import { plural } from '../../lib/plural';

const BATCH = 40;

/** What the season's fixtures are called in messages: its competition's ("Premier League", "UEFA Champions League"). */
const competitionOf = (season: { competition: { name: string } } | undefined) =>
  season?.competition.name ?? 'Premier League';

/**
 * Import All PL Fixtures: the season's built-in file (the current season unless ?season=). One
 * confirmation, then it goes in batches so the screen can show real progress (120 / 380); a
 * failed batch is counted and the rest still go in. A league season's fixtures are matched by home
 * and away club, so importing again updates them (a moved match keeps its predictions); a knockout
 * season's by id (a pair may meet twice). Nothing is added twice. Messages name the season's competition.
 */
export function ImportSeasonButton({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const importBatch = useImportSeasonBatch();
  const season = useSelectedSeason();
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function run() {
    if (!season) return;
    setConfirming(false);
    setBusy(true);
    // The first batch's answer says how many there are.
    let total = Math.max(season.fixtures, BATCH);
    let imported = 0;
    let failed = 0;
    let offset: number | null = 0;
    setProgress({ done: 0, total });
    while (offset !== null) {
      const at: number = offset;
      try {
        const r = await importBatch.mutateAsync({ season: season.id, offset: at, limit: BATCH });
        total = r.total;
        imported += r.imported;
        offset = r.nextOffset;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 409)) {
          failed = total - imported;
          offset = null;
        } else {
          failed += Math.min(BATCH, total - at);
          offset = at + BATCH < total ? at + BATCH : null;
        }
      }
      setProgress({ done: imported + failed, total });
    }
    setProgress(null);
    setBusy(false);
    if (failed === 0) notify('success', `Successfully imported ${imported} ${competitionOf(season)} fixtures!`);
    else if (imported > 0)
      notify(
        'error',
        `Import completed with some errors. ${plural(imported, 'fixture')} imported successfully, ${failed} failed.`,
      );
    else notify('error', 'Failed to import fixtures. Please try again.');
  }

  return (
    <>
      <button type="button" className="btn-primary" disabled={busy || !season} onClick={() => setConfirming(true)}>
        Import All PL Fixtures
      </button>
      {progress && (
        <div
          role="status"
          className="w-full rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 sm:order-last"
          data-testid="import-progress"
        >
          <p>
            Importing fixtures... {progress.done} / {progress.total}
          </p>
          <progress
            className="mt-2 h-2 w-full accent-brand-700"
            max={progress.total}
            value={progress.done}
            aria-label="Import progress"
          />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Import All PL Fixtures"
        confirmLabel="Import"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      >
        <p>
          Import all {competitionOf(season)} {season?.label} fixtures?
        </p>
        <p className="text-sm">Fixtures that are already there are updated, not duplicated.</p>
      </ConfirmDialog>
    </>
  );
}

/** Import from an openfootball JSON file: checked whole by the server before anything is written. */
export function ImportFileInput({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const importFile = useImportFile();
  const season = useSelectedSeason();
  const input = useRef<HTMLInputElement>(null);
  async function onFile(file: File) {
    if (!season) return;
    setBusy(true);
    try {
      const content = await file.text();
      const r = await importFile.mutateAsync({ season: season.id, fileName: file.name, content });
      notify('success', `Successfully imported ${r.imported} ${competitionOf(season)} fixtures!`);
    } catch (err) {
      notify(
        'error',
        err instanceof ApiError && err.status === 400
          ? `Import refused: ${err.message}`
          : 'Failed to import fixtures. Please try again.',
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <label
      className={`btn-secondary cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600 ${busy ? 'pointer-events-none opacity-50' : ''}`}
    >
      Import JSON File
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void onFile(file);
        }}
      />
    </label>
  );
}

/**
 * Delete All Fixtures / Delete Gameweek N (per the filter): a warning with the count, then a
 * final confirmation; disabled when nothing matches. The screen puts it last, apart from the
 * everyday actions.
 */
export function BulkDeleteButton({
  season,
  gameweek,
  count,
  busy,
  setBusy,
}: {
  season: string | undefined;
  gameweek: number | null;
  count: number;
  busy: boolean;
  setBusy: (b: boolean) => void;
}) {
  const deleteFixtures = useDeleteFixtures();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [deleting, setDeleting] = useState(false);
  const what = gameweek === null ? 'all' : `Gameweek ${gameweek}`;

  async function run() {
    if (!season) return;
    setStep(0);
    setBusy(true);
    setDeleting(true);
    try {
      const { deleted } = await deleteFixtures.mutateAsync({ season, gameweek });
      if (deleted === 0) notify('error', 'No fixtures to delete.');
      else notify('success', `Successfully deleted ${what} fixtures (${plural(deleted, 'fixture')})!`);
    } catch {
      notify('error', 'Failed to delete fixtures. Please try again.');
    } finally {
      setDeleting(false);
      setBusy(false);
    }
  }

  return (
    <>
      {/* Outlined, not filled: the red fill is kept for the final confirmation. */}
      <button
        type="button"
        className="btn border border-red-300 bg-white text-red-800 hover:bg-red-50"
        disabled={busy || count === 0}
        onClick={() => setStep(1)}
      >
        {gameweek === null ? 'Delete All Fixtures' : `Delete Gameweek ${gameweek}`}
      </button>
      {deleting && (
        <p
          role="status"
          className="w-full rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 sm:order-last"
        >
          Deleting {count} {count === 1 ? 'fixture' : 'fixtures'}...
        </p>
      )}
      <ConfirmDialog
        open={step === 1}
        title={gameweek === null ? 'Delete All Fixtures' : `Delete Gameweek ${gameweek}`}
        confirmLabel="Continue"
        danger
        onCancel={() => setStep(0)}
        onConfirm={() => setStep(2)}
      >
        <p>
          This will delete {count} {count === 1 ? 'fixture' : 'fixtures'}
          {gameweek === null ? '' : ` in Gameweek ${gameweek}`}, with their predictions and results.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 2}
        title="Are you absolutely sure?"
        confirmLabel={`Delete ${count} ${count === 1 ? 'fixture' : 'fixtures'}`}
        danger
        onCancel={() => setStep(0)}
        onConfirm={() => void run()}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
