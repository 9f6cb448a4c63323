import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { fixtureFormSchema, PAST_DATE_MESSAGE, type FixtureForm } from '../../../contract/fixtures';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import type { Fixture } from '../../../contract/fixtures';
import { useSaveFixture } from './api';
import { useSeasonClubs } from '../seasons/api';

const EMPTY: FixtureForm = { homeTeam: '', awayTeam: '', date: '', time: '' };

function saveError(err: unknown): string {
  // A rule the server names (a past date, a fixture that exists) is worth showing as it is.
  if (err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 0)) return err.message;
  return 'Failed to save fixture. Please try again.';
}

/**
 * The Add New Fixture / Edit Fixture form: home team, then the away team (without the home
 * team), both from the season's clubs; then date and time (UK, as the season is published); a
 * preview; Save or Update only once all four are chosen. A new fixture goes to `season`; an
 * edited one stays in its own.
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
  const clubs = useSeasonClubs(fixture?.seasonId ?? season);
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
            homeTeam: fixture.homeTeam,
            awayTeam: fixture.awayTeam,
            date: fixture.localDate,
            time: fixture.localTime ?? '',
          }
        : EMPTY,
    );
  }, [open, fixture, reset]);

  const [homeTeam, awayTeam, date, time] = useWatch({ control, name: ['homeTeam', 'awayTeam', 'date', 'time'] });
  const teams = useMemo(
    () => (clubs.data ?? []).map((c) => c.name).sort((a, b) => displayTeamName(a).localeCompare(displayTeamName(b))),
    [clubs.data],
  );

  useEffect(() => {
    if (homeTeam && homeTeam === awayTeam) setValue('awayTeam', '');
  }, [homeTeam, awayTeam, setValue]);

  const complete = Boolean(homeTeam && awayTeam && date && time);
  const bothTeams = Boolean(homeTeam && awayTeam);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const moved = !fixture || fixture.localDate !== values.date;
    if (moved && today && values.date < today) {
      setError('date', { message: PAST_DATE_MESSAGE });
      return;
    }
    try {
      await saveFixture.mutateAsync({
        id: fixture?.id ?? null,
        season: fixture?.seasonId ?? season ?? '',
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
  const aria = (name: keyof FixtureForm) => ({
    id: `fx-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `fx-${name}-error` : undefined,
  });

  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Edit Fixture' : 'Add New Fixture'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Banner kind="error">{formError}</Banner>}
        <div>
          <label htmlFor="fx-homeTeam" className="label">
            Home Team
          </label>
          <select className="input" {...aria('homeTeam')} {...register('homeTeam')}>
            <option value="">Select home team</option>
            {teams.map((t) => (
              <option key={t} value={t}>
                {displayTeamName(t)}
              </option>
            ))}
          </select>
          {fieldError('homeTeam')}
        </div>

        {homeTeam && (
          <div>
            <label htmlFor="fx-awayTeam" className="label">
              Away Team
            </label>
            <select className="input" {...aria('awayTeam')} {...register('awayTeam')}>
              <option value="">Select away team</option>
              {teams
                .filter((t) => t !== homeTeam)
                .map((t) => (
                  <option key={t} value={t}>
                    {displayTeamName(t)}
                  </option>
                ))}
            </select>
            {fieldError('awayTeam')}
          </div>
        )}

        {bothTeams && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="fx-date" className="label">
                Match Date
              </label>
              <input type="date" className="input" min={today} {...aria('date')} {...register('date')} />
              {fieldError('date')}
            </div>
            <div>
              <label htmlFor="fx-time" className="label">
                Kick-off Time (UK)
              </label>
              <input type="time" className="input" {...aria('time')} {...register('time')} />
              {fieldError('time')}
            </div>
          </div>
        )}

        {bothTeams && (
          <section aria-label="Match preview" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-bold uppercase tracking-wider text-slate-600">Match Preview</p>
            <div className="mt-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2 text-center">
              <div className="flex min-w-0 flex-col items-center gap-1">
                <ClubBadge team={homeTeam} size={44} />
                <span className="text-sm font-semibold">{displayTeamName(homeTeam)}</span>
              </div>
              <span className="font-bold text-slate-600">vs</span>
              <div className="flex min-w-0 flex-col items-center gap-1">
                <ClubBadge team={awayTeam} size={44} />
                <span className="text-sm font-semibold">{displayTeamName(awayTeam)}</span>
              </div>
            </div>
            <p className="mt-3 text-center text-sm text-slate-700">
              {date || 'Date not set'} · {time ? `${time} UK time` : 'Time not set'} · Premier League
            </p>
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
