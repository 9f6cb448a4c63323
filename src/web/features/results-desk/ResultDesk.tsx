import { useState } from 'react';
import type { Fixture } from '../../../contract/fixtures';
import { bulkRowErrorsDetails, type BulkResultRow } from '../../../contract/results';
import { displayTeamName } from '../../../game/clubs';
import { isAllowedScoreKey, sanitizeScore } from '../../../game/score-input';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { plural } from '../../lib/plural';
import { notifyAdmin as notify } from '../admin/AdminGate';
import { useClearResult, useSaveResult } from '../predictions/api';
import { KickoffText, Teams } from '../predictions/parts';
import { useSaveAllResults } from './api';
import { checkRow, isKnockout, same, savedDraft, type Draft } from './desk-row';
import { resultText } from '../../lib/match-facts';
import { RoundChip } from '../../components/MatchFacts';

/** Only a match that has kicked off takes a result: a result is a fact after the whistle (the server says so too). */
const takesResult = (f: Fixture) => f.status !== 'upcoming' && f.status !== 'postponed';

/**
 * The result desk: every match of a gameweek in one form. "Save all" sends every changed row in
 * one request (all saved, or none, with the refused rows marked); each row keeps its own Save,
 * and clearing a saved result asks first.
 */
export function ResultDesk({ fixtures }: { fixtures: Fixture[] }) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [clearing, setClearing] = useState<Fixture | null>(null);
  const saveAll = useSaveAllResults();
  const saveOne = useSaveResult();
  const clear = useClearResult();
  const busy = saveAll.isPending || saveOne.isPending || clear.isPending;

  const value = (f: Fixture) => drafts[f.id] ?? savedDraft(f);
  const dirty = (f: Fixture) => drafts[f.id] !== undefined && !same(drafts[f.id]!, savedDraft(f));
  const changed = fixtures.filter((f) => takesResult(f) && dirty(f));
  const forget = (ids: string[]) => {
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !ids.includes(id))));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => !ids.includes(id))));
  };
  const edit = (f: Fixture, side: keyof Draft, v: string) => {
    setDrafts((d) => ({ ...d, [f.id]: { ...value(f), [side]: sanitizeScore(v) } }));
    setErrors(({ [f.id]: _gone, ...rest }) => rest);
  };
  const name = (f: Fixture) => `${displayTeamName(f.homeTeam)} v ${displayTeamName(f.awayTeam)}`;

  const onSaveAll = async () => {
    setFormError(null);
    if (changed.length === 0) {
      notify('info', 'Nothing to save: every result shown is already saved.');
      return;
    }
    const rows: BulkResultRow[] = [];
    const found: Record<string, string> = {};
    for (const f of changed) {
      const c = checkRow(f, value(f));
      if ('error' in c) found[f.id] = c.error;
      else rows.push(c.row);
    }
    if (Object.keys(found).length) {
      setErrors(found);
      setFormError(`${plural(Object.keys(found).length, 'row needs', 'rows need')} fixing before anything is saved.`);
      return;
    }
    try {
      const res = await saveAll.mutateAsync({ results: rows });
      forget(rows.map((r) => r.fixtureId));
      notify(
        'success',
        `${plural(res.saved.length, 'result')} saved; ${plural(
          res.saved.reduce((s, r) => s + r.scored, 0),
          'prediction',
        )} scored.`,
      );
    } catch (err) {
      const rowsRefused = err instanceof ApiError ? bulkRowErrorsDetails.safeParse(err.details) : null;
      if (rowsRefused?.success)
        setErrors(Object.fromEntries(rowsRefused.data.rows.map((r) => [r.fixtureId, r.message])));
      setFormError(err instanceof Error ? err.message : 'Could not save the results.');
    }
  };

  const onSaveRow = async (f: Fixture) => {
    const c = checkRow(f, value(f));
    if ('error' in c) {
      setErrors((e) => ({ ...e, [f.id]: c.error }));
      return;
    }
    try {
      const res = await saveOne.mutateAsync({
        fixtureId: f.id,
        body: {
          homeScore: c.row.homeScore,
          awayScore: c.row.awayScore,
          extraTime: c.row.extraTime ?? null,
          penalties: c.row.penalties ?? null,
        },
      });
      forget([f.id]);
      notify(
        'success',
        `Result saved: ${displayTeamName(f.homeTeam)} ${res.fixture.result ? resultText(res.fixture.result, ' - ') : ''} ${displayTeamName(f.awayTeam)}`,
      );
    } catch (err) {
      setErrors((e) => ({ ...e, [f.id]: err instanceof Error ? err.message : 'Could not save the result.' }));
    }
  };

  const onClear = async () => {
    const f = clearing;
    if (!f) return;
    try {
      const res = await clear.mutateAsync(f.id);
      forget([f.id]);
      notify('success', `Result cleared: ${name(f)}. ${plural(res.reset, 'prediction')} back to pending.`);
    } catch (err) {
      setErrors((e) => ({ ...e, [f.id]: err instanceof Error ? err.message : 'Could not clear the result.' }));
    }
    setClearing(null);
  };

  const scoreInput = (f: Fixture, side: keyof Draft, label: string, small = false) => (
    <input
      id={`desk-${f.id}-${side}`}
      aria-label={label}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={2}
      autoComplete="off"
      className={`input text-center font-bold ${small ? 'w-12' : 'w-14 text-lg'}`}
      value={value(f)[side]}
      disabled={!takesResult(f) || busy}
      aria-invalid={errors[f.id] ? true : undefined}
      aria-describedby={errors[f.id] ? `desk-${f.id}-error` : `desk-${f.id}-state`}
      onKeyDown={(e) => {
        if (!isAllowedScoreKey(e)) e.preventDefault();
      }}
      onChange={(e) => edit(f, side, e.target.value)}
    />
  );

  const rowState = (f: Fixture) => {
    if (f.status === 'postponed') return 'Postponed: give it a new kick-off first';
    if (f.status === 'upcoming') return 'Not kicked off yet';
    if (dirty(f)) return 'Unsaved changes';
    if (f.result?.final) return `Saved: ${resultText(f.result, ' - ')}`;
    if (f.result) return `Live score: ${f.result.homeScore} - ${f.result.awayScore} (not final)`;
    return 'No result saved';
  };

  return (
    <form
      noValidate
      aria-label="Results"
      onSubmit={(e) => {
        e.preventDefault();
        void onSaveAll();
      }}
      className="space-y-4"
    >
      {formError && <Banner kind="error">{formError}</Banner>}
      <ul className="space-y-3">
        {fixtures.map((f) => (
          <li
            key={f.id}
            className={`card ${errors[f.id] ? 'border-red-300' : dirty(f) ? 'border-amber-300' : ''}`}
            data-testid="desk-row"
            data-fixture={f.id}
          >
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
              <span className="flex flex-wrap items-center gap-2">
                <KickoffText fixture={f} />
                <RoundChip fixture={f} />
              </span>
              <StatusBadge status={f.status} />
            </div>
            <div className="mt-3">
              <Teams
                fixture={f}
                middle={
                  <span className="flex items-center gap-1">
                    {scoreInput(f, 'home', `${displayTeamName(f.homeTeam)} score`)}
                    <span aria-hidden="true">-</span>
                    {scoreInput(f, 'away', `${displayTeamName(f.awayTeam)} score`)}
                  </span>
                }
              />
            </div>
            {isKnockout(f) && (
              <fieldset
                className="mt-3 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
                data-testid="desk-extra"
              >
                <legend className="sr-only">{`Extra time and penalties, if played: ${name(f)}`}</legend>
                <span className="flex items-center gap-1">
                  <span className="font-semibold text-slate-800">After extra time</span>
                  {scoreInput(f, 'etHome', `${displayTeamName(f.homeTeam)} score after extra time`, true)}
                  <span aria-hidden="true">-</span>
                  {scoreInput(f, 'etAway', `${displayTeamName(f.awayTeam)} score after extra time`, true)}
                </span>
                <span className="flex items-center gap-1">
                  <span className="font-semibold text-slate-800">Penalties</span>
                  {scoreInput(f, 'penHome', `${displayTeamName(f.homeTeam)} penalties`, true)}
                  <span aria-hidden="true">-</span>
                  {scoreInput(f, 'penAway', `${displayTeamName(f.awayTeam)} penalties`, true)}
                </span>
                <span className="w-full text-center text-xs text-slate-600">
                  Optional: the score after extra time includes the 90 minutes&apos; goals. Leave empty if not played.
                </span>
              </fieldset>
            )}
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <p
                id={`desk-${f.id}-state`}
                className={`text-sm font-medium ${dirty(f) ? 'text-amber-800' : f.result?.final ? 'text-green-800' : 'text-slate-700'}`}
                data-testid="row-state"
              >
                {rowState(f)}
              </p>
              <div className="flex gap-2">
                {f.result && (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={busy}
                    onClick={() => setClearing(f)}
                    aria-label={`Clear result: ${name(f)}`}
                  >
                    Clear
                  </button>
                )}
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy || !takesResult(f) || !dirty(f)}
                  onClick={() => void onSaveRow(f)}
                  aria-label={`Save result: ${name(f)}`}
                >
                  Save
                </button>
              </div>
            </div>
            {errors[f.id] && (
              <p id={`desk-${f.id}-error`} role="alert" className="field-error">
                {errors[f.id]}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white/95 p-3 shadow-sm">
        <p className="text-sm text-slate-700" aria-live="polite">
          {changed.length === 0 ? 'All results shown are saved.' : `${plural(changed.length, 'result')} not saved yet.`}
        </p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {saveAll.isPending ? 'Saving...' : 'Save all'}
        </button>
      </div>
      <ConfirmDialog
        danger
        open={clearing !== null}
        title="Clear Result"
        confirmLabel="Clear Result"
        busy={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={() => void onClear()}
      >
        <p>
          Clear the result of <strong>{clearing && name(clearing)}</strong>? Its predictions go back to pending and
          every table is recounted.
        </p>
      </ConfirmDialog>
    </form>
  );
}
