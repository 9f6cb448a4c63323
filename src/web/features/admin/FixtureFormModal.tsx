import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { isStage, STAGE_NAMES } from '../../../game/stages';
import { wallClockIn, zoneAbbreviation, zoneLabel } from '../../../game/zone-label';
import { fixtureFormSchema, PAST_DATE_MESSAGE, type FixtureForm } from '../../../contract/fixtures';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import type { Fixture } from '../../../contract/fixtures';
import { useSaveFixture } from './api';
import { useSeasonClubs, useSeasons } from '../seasons/api';

const EMPTY: FixtureForm = { homeTeam: '', awayTeam: '', date: '', time: '' };
/** The Premier League's, for a season not (yet) listed: the app's first competition. */
const DEFAULT_COMPETITION = { name: 'Premier League', timeZone: 'Europe/London' };

function saveError(err: unknown): string {
  // A rule the server names (a past date, a fixture that exists, a team not of the season) is worth showing as it is.
  if (err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 0)) return err.message;
  return 'Failed to save fixture. Please try again.';
}

/** The kick-off as the admin types it: in the competition's zone (a postponed match without a time: as published). */
function formClock(fixture: Fixture, zone: string): { date: string; time: string } {
  if (!fixture.kickoffAt) return { date: fixture.localDate, time: fixture.localTime ?? '' };
  return wallClockIn(zone, new Date(fixture.kickoffAt));
}

/** One side in the preview: the club's badge and name, or the placeholder of a team not known yet. */
function PreviewSide({ team, label }: { team: string | null; label: string | null }) {
  if (team === null || team === '')
    return (
      <div className="flex min-w-0 flex-col items-center gap-1">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-dashed border-slate-400 text-lg font-bold text-slate-500"
        >
          ?
        </span>
        <span className="text-sm font-semibold text-slate-700">{label ?? 'Not chosen'}</span>
        <span className="text-xs text-slate-600">Not known yet</span>
      </div>
    );
  return (
    <div className="flex min-w-0 flex-col items-center gap-1">
      <ClubBadge team={team} size={44} />
      <span className="text-sm font-semibold">{displayTeamName(team)}</span>
    </div>
  );
}

/**
 * The Add New Fixture / Edit Fixture form: home team, then the away team (without the home
 * team), both from the season's clubs; then date and time in the season's competition's zone
 * (UK time for the Premier League, Paris time for the Champions League, UTC for the World Cup);
 * a preview; Save or Update only once all four are chosen. A side of a knockout match whose team
 * is not known yet ("Winner of match 101") may be filled in with a club or left as it is; once
 * both are known the match opens for predictions. A new fixture goes to `season`; an edited one
 * stays in its own.
 */
export function FixtureFormModal({
  open,
  fixture,
  season,
  today,
  onClose,
  onSaved,
}: {
  open: boolean;
  fixture: Fixture | null;
  season: string | undefined;
  today: string | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const editing = fixture !== null;
  const [formError, setFormError] = useState<string | null>(null);
  const saveFixture = useSaveFixture();
  const seasonId = fixture?.seasonId ?? season;
  const clubs = useSeasonClubs(seasonId);
  const seasons = useSeasons();
  const competition = seasons.data?.seasons.find((s) => s.id === seasonId)?.competition ?? DEFAULT_COMPETITION;
  const zone = competition.timeZone;
  const homeLabel = fixture?.homeLabel ?? null;
  const awayLabel = fixture?.awayLabel ?? null;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FixtureForm>({ resolver: zodResolver(fixtureFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset(
      fixture
        ? {
            // A side not known yet starts as "not known yet" (null), never as its placeholder's text.
            homeTeam: fixture.homeLabel ? null : fixture.homeTeam,
            awayTeam: fixture.awayLabel ? null : fixture.awayTeam,
            ...formClock(fixture, zone),
          }
        : EMPTY,
    );
  }, [open, fixture, reset, zone]);

  const [homeTeam, awayTeam, date, time] = useWatch({ control, name: ['homeTeam', 'awayTeam', 'date', 'time'] });
  const teams = useMemo(
    () => (clubs.data ?? []).map((c) => c.name).sort((a, b) => displayTeamName(a).localeCompare(displayTeamName(b))),
    [clubs.data],
  );

  useEffect(() => {
    if (homeTeam && homeTeam === awayTeam) setValue('awayTeam', awayLabel ? null : '');
  }, [homeTeam, awayTeam, awayLabel, setValue]);

  // The empty choice of a side not known yet means "leave it unknown" (null); of any other side, "not chosen".
  const teamValue = (label: string | null) => (v: string) => (v === '' && label ? null : v);
  const homeSet = homeTeam !== '';
  const awaySet = awayTeam !== '';
  const complete = Boolean(homeSet && awaySet && date && time);
  const stillUnknown = (homeTeam === null && homeLabel) || (awayTeam === null && awayLabel);
  // The server's today in the competition's zone (the gameweeks route follows the season's zone).
  const zoneToday = today;
  const zoneName = zoneLabel(zone);
  const abbreviation = date && time ? zoneAbbreviation(zone, new Date(`${date}T12:00:00Z`)) : '';
  const stage = fixture?.stage && isStage(fixture.stage) ? STAGE_NAMES[fixture.stage] : null;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const moved =
      !fixture || JSON.stringify(formClock(fixture, zone)) !== JSON.stringify({ date: values.date, time: values.time });
    if (moved && zoneToday && values.date < zoneToday) {
      setError('date', { message: PAST_DATE_MESSAGE });
      return;
    }
    try {
      await saveFixture.mutateAsync({
        id: fixture?.id ?? null,
        season: seasonId ?? '',
        body: values,
      });
      onSaved(fixture ? 'Fixture updated successfully!' : 'Fixture added successfully!');
    } catch (err) {
      setFormError(saveError(err));
    }
  });

  const fieldError = (name: keyof FixtureForm) =>
    errors[name]?.message ? (
      <p id={`fx-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const aria = (name: keyof FixtureForm, hint?: string) => {
    const describedBy = [errors[name] ? `fx-${name}-error` : null, hint ?? null].filter(Boolean).join(' ');
    return {
      id: `fx-${name}`,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };
  // Said while the side is left unknown; gone once a team is chosen for it.
  const unknownHint = (side: 'home' | 'away', label: string | null, value: string | null) =>
    label && value === null ? (
      <p id={`fx-${side}-unknown`} className="mt-1 text-xs text-slate-600">
        Not known yet: “{label}”. Choose the team once it is known.
      </p>
    ) : null;

  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Edit Fixture' : 'Add New Fixture'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Banner kind="error">{formError}</Banner>}
        <p className="text-sm text-slate-700" data-testid="fixture-competition">
          {competition.name}
          {stage ? ` · ${stage}` : ''}
          {fixture?.group ? ` · ${fixture.group}` : ''}
          {fixture?.leg ? ` · Leg ${fixture.leg}` : ''}
        </p>
        <div>
          <label htmlFor="fx-homeTeam" className="label">
            Home Team
          </label>
          <select
            className="input"
            {...aria('homeTeam', homeLabel && homeTeam === null ? 'fx-home-unknown' : undefined)}
            {...register('homeTeam', { setValueAs: teamValue(homeLabel) })}
          >
            <option value="">{homeLabel ? `Not known yet (${homeLabel})` : 'Select home team'}</option>
            {teams.map((t) => (
              <option key={t} value={t}>
                {displayTeamName(t)}
              </option>
            ))}
          </select>
          {unknownHint('home', homeLabel, homeTeam)}
          {fieldError('homeTeam')}
        </div>

        {homeSet && (
          <div>
            <label htmlFor="fx-awayTeam" className="label">
              Away Team
            </label>
            <select
              className="input"
              {...aria('awayTeam', awayLabel && awayTeam === null ? 'fx-away-unknown' : undefined)}
              {...register('awayTeam', { setValueAs: teamValue(awayLabel) })}
            >
              <option value="">{awayLabel ? `Not known yet (${awayLabel})` : 'Select away team'}</option>
              {teams
                .filter((t) => t !== homeTeam)
                .map((t) => (
                  <option key={t} value={t}>
                    {displayTeamName(t)}
                  </option>
                ))}
            </select>
            {unknownHint('away', awayLabel, awayTeam)}
            {fieldError('awayTeam')}
          </div>
        )}

        {homeSet && awaySet && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="fx-date" className="label">
                Match Date
              </label>
              <input type="date" className="input" min={zoneToday} {...aria('date')} {...register('date')} />
              {fieldError('date')}
            </div>
            <div>
              <label htmlFor="fx-time" className="label">
                Kick-off Time ({zoneName})
              </label>
              <input type="time" className="input" {...aria('time')} {...register('time')} />
              {fieldError('time')}
            </div>
          </div>
        )}

        {homeSet && awaySet && (
          <section aria-label="Match preview" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-bold uppercase tracking-wider text-slate-600">Match Preview</p>
            <div className="mt-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2 text-center">
              <PreviewSide team={homeTeam} label={homeLabel} />
              <span className="font-bold text-slate-600">vs</span>
              <PreviewSide team={awayTeam} label={awayLabel} />
            </div>
            <p className="mt-3 text-center text-sm text-slate-700">
              {date || 'Date not set'} ·{' '}
              {time
                ? `${time} ${zoneName}${abbreviation && abbreviation !== zoneName ? ` (${abbreviation})` : ''}`
                : 'Time not set'}{' '}
              · {competition.name}
            </p>
            {stillUnknown && (
              <p className="mt-2 text-center text-xs text-slate-600">
                Opens for predictions once both teams are known.
              </p>
            )}
          </section>
        )}

        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!complete || isSubmitting}>
            {editing ? 'Update Fixture' : 'Save Fixture'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
