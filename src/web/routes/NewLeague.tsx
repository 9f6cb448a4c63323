import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSession } from '../lib/session';
import { Banner } from '../components/Banner';
import {
  COMPETITION_LABELS,
  COMPETITIONS,
  newLeagueFormSchema,
  STANDARD_SCORING,
  type Competition,
  type League,
  type NewLeagueFormInput,
} from '../../contract/leagues';
import { LEAGUE_DESCRIPTION_MAX, LEAGUE_NAME_MAX } from '../../game/limits';
import { ScoringFields, type ScoringErrors } from '../features/leagues/ScoringFields';
import { notifyLeagues as notify, useCreateLeague } from '../features/leagues/api';
import { createErrorMessage } from '../features/leagues/LeagueForms';
import { InvitePanel } from '../features/leagues/InviteShare';
import { CheckCircleIcon, GlobeIcon, LockIcon, TrophyIcon, UsersIcon } from '../features/leagues/icons';
import { useCompetitions } from '../features/seasons/api';
import { KNOCKOUT_COMPETITIONS, LeagueCompetition } from '../features/leagues/LeagueCompetition';
import { DEFAULT_KNOCKOUT_RULE, type KnockoutRule } from '../../game/knockout';
import { newLeagueRequest, QualifierPointsField } from '../features/leagues/QualifierPoints';

/**
 * The competitions this instance has a season of (GET /api/competitions; the server refuses any
 * other), the Premier League first; the Premier League alone while they load (every instance has it).
 */
function useOfferedCompetitions(): Array<{ id: Competition; name: string }> {
  const competitions = useCompetitions();
  return useMemo(() => {
    const found = new Map<Competition, string>();
    for (const c of competitions.data?.competitions ?? []) {
      const id = COMPETITIONS.find((x) => x === c.id);
      if (id && !found.has(id)) found.set(id, c.name);
    }
    if (found.size === 0) found.set('premier-league', COMPETITION_LABELS['premier-league']);
    return [...found].map(([id, name]) => ({ id, name }));
  }, [competitions.data]);
}

/** The knockout rule's choices, as the New League form words them. */
const KNOCKOUT_CHOICES: ReadonlyArray<{ value: KnockoutRule; label: string; hint: string }> = [
  {
    value: 'ninety',
    label: 'After 90 minutes (default)',
    hint: 'Extra time and penalties do not count: a final 0-0 after 90 minutes is a 0-0.',
  },
  {
    value: 'extra-time',
    label: 'After extra time',
    hint: 'Goals in extra time count too (a shoot-out never does): 0-0 after 90, 1-0 after extra time is a 1-0.',
  },
];

/** New League: the full form, the scoring panel, then the code and invite link. */
export default function NewLeague() {
  const { user, isPending } = useSession();
  const [created, setCreated] = useState<League | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateLeague();
  const competitions = useOfferedCompetitions();
  const { register, handleSubmit, watch, setValue, getValues, formState, control } = useForm<NewLeagueFormInput>({
    resolver: zodResolver(newLeagueFormSchema),
    defaultValues: {
      name: '',
      description: '',
      competition: 'premier-league',
      privacy: 'private',
      scoring: STANDARD_SCORING,
      knockoutRule: DEFAULT_KNOCKOUT_RULE,
      qualifierPoints: 0,
    },
  });
  const name = watch('name') ?? '';
  const knockout = KNOCKOUT_COMPETITIONS.has(watch('competition'));
  const errors = formState.errors;
  // Keep the chosen competition one the instance offers (the default may not be, on some instance).
  useEffect(() => {
    if (!competitions.some((c) => c.id === getValues('competition'))) setValue('competition', competitions[0]!.id);
  }, [competitions, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (!user) {
      setFailure('You must be logged in to create a league.');
      return;
    }
    try {
      // The knockout rule and qualifier points matter only where there are knockout matches.
      const { league } = await create.mutateAsync(newLeagueRequest(values));
      setCreated(league);
      notify('success', `League "${league.name}" created successfully! Code: ${league.code}`);
    } catch (err) {
      setFailure(createErrorMessage(err));
    }
  });

  if (isPending)
    return (
      <p role="status" className="text-slate-700">
        Loading...
      </p>
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Create a New League</h1>
        <p className="mt-1 text-slate-700">
          Set up a private league for friends, family or colleagues, or a public one anyone can join.
        </p>
      </div>

      {!user && (
        <Banner kind="error">
          You must be logged in to create a league.{' '}
          <Link to="/login" state={{ from: '/new-league' }} className="font-semibold underline">
            Log in
          </Link>
        </Banner>
      )}

      {created ? (
        <section className="card text-center" aria-labelledby="created-title">
          <CheckCircleIcon className="mx-auto h-12 w-12 text-brand-700" />
          <h2 id="created-title" className="mt-2 text-xl font-bold">
            {created.name} is ready!
          </h2>
          <div className="mt-1">
            <LeagueCompetition league={created} />
          </div>
          <p className="mt-1 text-slate-700">
            Share the link or the code with the players you want to invite. You can find them again at any time under
            Invite Players on the Leaderboard.
          </p>
          <div className="mx-auto mt-6 max-w-lg text-left">
            <InvitePanel league={created} />
          </div>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/dashboard" className="btn-primary">
              Go to Dashboard
            </Link>
            <Link to="/leaderboard" state={{ leagueId: created.id }} className="btn-secondary">
              View League
            </Link>
          </div>
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
          <form noValidate onSubmit={onSubmit} className="card space-y-5">
            {failure && <Banner kind="error">{failure}</Banner>}
            <div>
              <label className="label" htmlFor="nl-name">
                League Name <span aria-hidden="true">*</span>
              </label>
              <input
                id="nl-name"
                className="input"
                maxLength={LEAGUE_NAME_MAX}
                aria-required="true"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby="nl-name-count"
                {...register('name')}
              />
              <p id="nl-name-count" className="mt-1 text-xs text-slate-600">
                {name.length}/{LEAGUE_NAME_MAX}
              </p>
              {errors.name && (
                <p className="field-error" role="alert">
                  {errors.name.message}
                </p>
              )}
            </div>
            <div>
              <label className="label" htmlFor="nl-description">
                Description (optional)
              </label>
              <textarea
                id="nl-description"
                rows={3}
                className="input"
                maxLength={LEAGUE_DESCRIPTION_MAX}
                {...register('description')}
              />
              {errors.description && (
                <p className="field-error" role="alert">
                  {errors.description.message}
                </p>
              )}
            </div>
            {competitions.length > 1 ? (
              <div>
                <label className="label" htmlFor="nl-competition">
                  Competition
                </label>
                <select id="nl-competition" className="input" {...register('competition')}>
                  {competitions.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              // One competition has fixtures here: nothing to choose, so it is said, not asked.
              <div>
                <p className="label">Competition</p>
                <p className="text-slate-900" data-testid="nl-competition">
                  {competitions[0]!.name}
                </p>
              </div>
            )}
            {knockout && (
              <fieldset data-testid="nl-knockout-rule">
                <legend className="label">Which score counts in knockout matches</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {KNOCKOUT_CHOICES.map((c) => (
                    <label
                      key={c.value}
                      className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        value={c.value}
                        className="mt-1"
                        aria-describedby={`nl-knockout-${c.value}`}
                        {...register('knockoutRule')}
                      />
                      <span>
                        <span className="block font-semibold">{c.label}</span>
                        <span id={`nl-knockout-${c.value}`} className="block text-sm text-slate-700">
                          {c.hint}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                {errors.knockoutRule && (
                  <p className="field-error" role="alert">
                    {errors.knockoutRule.message}
                  </p>
                )}
              </fieldset>
            )}
            {knockout && (
              <Controller
                name="qualifierPoints"
                control={control}
                render={({ field }) => (
                  <QualifierPointsField
                    id="nl-qualifier-points"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.qualifierPoints?.message}
                  />
                )}
              />
            )}
            <fieldset>
              <legend className="label">Privacy</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="radio" value="private" className="mt-1" {...register('privacy')} />
                  <span>
                    <span className="flex items-center gap-1.5 font-semibold">
                      <LockIcon className="h-4 w-4" /> Private
                    </span>
                    <span className="block text-sm text-slate-700">
                      Invite only: players join with the code or link.
                    </span>
                  </span>
                </label>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="radio" value="public" className="mt-1" {...register('privacy')} />
                  <span>
                    <span className="flex items-center gap-1.5 font-semibold">
                      <GlobeIcon className="h-4 w-4" /> Public
                    </span>
                    <span className="block text-sm text-slate-700">Anyone can join from the public leagues list.</span>
                  </span>
                </label>
              </div>
            </fieldset>
            <Controller
              name="scoring"
              control={control}
              render={({ field }) => (
                <ScoringFields
                  idPrefix="nl-scoring"
                  value={field.value}
                  onChange={field.onChange}
                  errors={errors.scoring as ScoringErrors | undefined}
                />
              )}
            />
            <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Creating...' : 'Create League & Get Code'}
            </button>
          </form>

          <aside className="space-y-4">
            <section className="card">
              <h2 className="flex items-center gap-2 font-bold">
                <TrophyIcon className="h-5 w-5 text-amber-500" /> Trophies
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                Top the table and claim bragging rights: the leader wears the trophy, second and third take the medals.
              </p>
            </section>
            <section className="card">
              <h2 className="flex items-center gap-2 font-bold">
                <UsersIcon className="h-5 w-5 text-brand-700" /> Community
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                Compete with friends, family or colleagues and follow everyone's picks once the deadline has passed.
              </p>
            </section>
            <section className="card">
              <h2 className="flex items-center gap-2 font-bold">
                <LockIcon className="h-5 w-5 text-slate-700" /> Privacy
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                Private leagues are invite only. Nobody sees a pick before the match's deadline.
              </p>
            </section>
          </aside>
        </div>
      )}

      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title" className="text-lg font-bold">
          How It Works
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {[
            ['1', 'Create', 'Name your league and choose who can join.'],
            ['2', 'Invite', 'Share the league code or the invite link.'],
            ['3', 'Compete', 'Predict every match and climb the table.'],
          ].map(([n, title, text]) => (
            <li key={n} className="flex gap-3">
              <span
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {n}
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-slate-700">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
