import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  createLeagueSchema,
  joinLeagueSchema,
  leagueScoringSchema,
  STANDARD_SCORING,
  type JoinReply,
  type League,
} from '../../../contract/leagues';
import { LEAGUE_NAME_MAX } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { useCreateLeague, useJoinByCode, useJoinPublic, usePublicLeagues } from './api';
import { ScoringFields, type ScoringErrors } from './ScoringFields';

const nameAndScoring = createLeagueSchema.pick({ name: true }).extend({ scoring: leagueScoringSchema });
type NameInput = z.infer<typeof nameAndScoring>;
type CodeInput = z.infer<typeof joinLeagueSchema>;

/** A failed join shows 'Failed to join league: {message}' unless the server said exactly what went wrong. */
export function joinErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'You must be logged in to join a league. Please sign in and try again.';
    if (err.status === 404 || err.status === 400 || err.status === 403) return err.message;
    if (err.status === 0 || err.status >= 500) return 'Database temporarily unavailable. Please try again later.';
    return `Failed to join league: ${err.message}`;
  }
  return `Failed to join league: ${(err as Error).message}`;
}

/**
 * A failed create shows 'Failed to create league. Please try again.' unless the server said what to do instead:
 * bad input (400), an unverified address (403), a cap reached (409), too many tries (429), the
 * database away (503). Trying again does not help with those, so the message must say why.
 */
export function createErrorMessage(err: unknown): string {
  if (err instanceof ApiError && [400, 403, 409, 429, 503].includes(err.status)) return err.message;
  return 'Failed to create league. Please try again.';
}

/**
 * Create a league: League Name (max 50) and its scoring. On the Leaderboard it is a card with its
 * own heading; `inDialog` drops both, for the Leagues screen's dialog, whose title says it.
 */
export function CreateLeagueForm({
  onCreated,
  onCancel,
  inDialog = false,
}: {
  onCreated: (league: League) => void;
  onCancel: () => void;
  inDialog?: boolean;
}) {
  const create = useCreateLeague();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState, control } = useForm<NameInput>({
    resolver: zodResolver(nameAndScoring),
    defaultValues: { name: '', scoring: STANDARD_SCORING },
  });
  const name = watch('name') ?? '';
  const error = formState.errors.name?.message;
  return (
    <form
      noValidate
      className={inDialog ? 'space-y-4' : 'card max-w-lg space-y-4'}
      onSubmit={handleSubmit(async (values) => {
        setFailure(null);
        try {
          const { league } = await create.mutateAsync({ name: values.name, scoring: values.scoring });
          onCreated(league);
        } catch (err) {
          setFailure(createErrorMessage(err));
        }
      })}
    >
      {!inDialog && <h2 className="text-lg font-bold">Create a League</h2>}
      {failure && <Banner kind="error">{failure}</Banner>}
      <div>
        <label className="label" htmlFor="league-name">
          League Name
        </label>
        <input
          id="league-name"
          className="input"
          maxLength={LEAGUE_NAME_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby="league-name-help league-name-error"
          {...register('name')}
        />
        <p id="league-name-help" className="mt-1 text-xs text-slate-600">
          {name.length}/{LEAGUE_NAME_MAX}
        </p>
        {error && (
          <p id="league-name-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Controller
        name="scoring"
        control={control}
        render={({ field }) => (
          <ScoringFields
            idPrefix="create-scoring"
            value={field.value}
            onChange={field.onChange}
            errors={formState.errors.scoring as ScoringErrors | undefined}
          />
        )}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Creating...' : 'Create League'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The league code field: typed letters show upper-case (codes match case-insensitively), while
 * the example in the empty field keeps its own case and spacing ("e.g.", not "E.G.").
 */
export const CODE_INPUT_CLASS =
  'input font-mono uppercase tracking-widest placeholder:font-sans placeholder:normal-case placeholder:tracking-normal';
export const CODE_PLACEHOLDER = 'e.g. K7QX3M9P';

/**
 * Join by code: the League Code field and its button. `autoFocus` puts the cursor in the field
 * at once (the Leagues screen opened to join); `onCancel` adds a Cancel button (the Leaderboard's
 * join view, which it closes).
 */
export function JoinCodeForm({
  onJoined,
  onCancel,
  autoFocus = false,
  title = 'Join a League',
}: {
  onJoined: (reply: JoinReply) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  title?: string;
}) {
  const join = useJoinByCode();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setFocus, reset } = useForm<CodeInput>({
    resolver: zodResolver(joinLeagueSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => {
    if (autoFocus) setFocus('code');
  }, [autoFocus, setFocus]);
  const error = formState.errors.code?.message;
  return (
    <form
      noValidate
      className="card space-y-4"
      aria-labelledby="join-league-title"
      onSubmit={handleSubmit(async (values) => {
        setFailure(null);
        try {
          const reply = await join.mutateAsync(values.code);
          reset({ code: '' });
          onJoined(reply);
        } catch (err) {
          setFailure(joinErrorMessage(err));
        }
      })}
    >
      <h2 id="join-league-title" className="text-lg font-bold">
        {title}
      </h2>
      {failure && <Banner kind="error">{failure}</Banner>}
      <div>
        <label className="label" htmlFor="league-code">
          League Code
        </label>
        <input
          id="league-code"
          className={CODE_INPUT_CLASS}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={CODE_PLACEHOLDER}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'league-code-error' : undefined}
          {...register('code')}
        />
        {error && (
          <p id="league-code-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Joining...' : 'Join League'}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The public leagues anyone can join, each with its Join button. */
export function PublicLeagues({ onJoined }: { onJoined: (reply: JoinReply) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const joinPublic = useJoinPublic();
  const publicLeagues = usePublicLeagues();
  return (
    <section className="card" aria-labelledby="public-leagues-title">
      <h2 id="public-leagues-title" className="text-lg font-bold">
        Public Leagues
      </h2>
      <p className="mt-1 text-sm text-slate-700">Anyone can join these leagues.</p>
      {failure && (
        <div className="mt-3">
          <Banner kind="error">{failure}</Banner>
        </div>
      )}
      {publicLeagues.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading public leagues...
        </p>
      ) : !publicLeagues.data?.length ? (
        <p className="mt-4 text-slate-700">No public leagues yet.</p>
      ) : (
        <ul className="mt-4 max-h-96 space-y-2 overflow-y-auto">
          {publicLeagues.data.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{l.name}</span>
                <span className="block text-xs text-slate-600">
                  {l.memberCount} {l.memberCount === 1 ? 'member' : 'members'}
                  {l.description ? ` · ${l.description}` : ''}
                </span>
              </span>
              {l.isMember ? (
                <span className="shrink-0 text-sm font-semibold text-brand-800">Joined</span>
              ) : (
                <button
                  type="button"
                  className="btn-secondary shrink-0"
                  disabled={joinPublic.isPending}
                  aria-label={`Join ${l.name}`}
                  onClick={async () => {
                    setFailure(null);
                    try {
                      onJoined(await joinPublic.mutateAsync(l.id));
                    } catch (err) {
                      setFailure(joinErrorMessage(err));
                    }
                  }}
                >
                  Join
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Leaderboard join view: League Code, and the public leagues anyone can join. */
export function JoinLeagueForm({ onJoined, onCancel }: { onJoined: (reply: JoinReply) => void; onCancel: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <JoinCodeForm onJoined={onJoined} onCancel={onCancel} autoFocus />
      <PublicLeagues onJoined={onJoined} />
    </div>
  );
}
