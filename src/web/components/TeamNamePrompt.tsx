import { useEffect, useState, type FormEvent } from 'react';
import { teamNameSchema } from '../../contract/account';
import { TEAM_NAME_MAX } from '../../game/limits';
import { useSession } from '../lib/session';
import { useSaveTeamName } from '../features/account/api';
import { Banner } from './Banner';
import { Modal } from './Modal';

const DELAY_MS = 1_500;

/**
 * Spec §4: about 1.5 s after sign-in, a player without a team name is asked for one. The prompt
 * cannot be dismissed until a name is saved.
 */
export function TeamNamePrompt() {
  const { user } = useSession();
  const saveTeamName = useSaveTeamName();
  const needsName = Boolean(user && user.emailVerified && user.teamName === null);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!needsName) {
      setOpen(false);
      return;
    }
    const t = setTimeout(() => setOpen(true), DELAY_MS);
    return () => clearTimeout(t);
  }, [needsName]);

  const trimmed = value.trim();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = teamNameSchema.safeParse({ teamName: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Team name is required');
      return;
    }
    setError(null);
    try {
      await saveTeamName.mutateAsync(parsed.data);
      setOpen(false);
    } catch {
      setError('Failed to save team name. Please try again.');
    }
  };

  return (
    <Modal open={open} onClose={() => {}} dismissible={false} title="Create Your Team Name!">
      <form onSubmit={save} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">Your team name is how other players see you on the leaderboards. Pick something memorable!</p>
        {error && <Banner kind="error">{error}</Banner>}
        <div>
          <label htmlFor="prompt-team-name" className="label">
            Team Name
          </label>
          <input
            id="prompt-team-name"
            className="input"
            value={value}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            disabled={saveTeamName.isPending}
            autoFocus
            aria-describedby="prompt-team-name-counter"
            placeholder="e.g. The Gaffers"
          />
          <p id="prompt-team-name-counter" className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
            {value.length}/{TEAM_NAME_MAX}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={saveTeamName.isPending || trimmed.length === 0}>
          {saveTeamName.isPending ? 'Creating...' : 'Create Team Name'}
        </button>
      </form>
    </Modal>
  );
}
