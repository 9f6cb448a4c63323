import { useEffect, useState, type FormEvent } from 'react';
import { teamNameSchema } from '../../contract/account';
import { TEAM_NAME_MAX } from '../../game/limits';
import { useSession } from '../lib/session';
import { ApiError } from '../lib/api';
import { teamNameSuggestion, useAcknowledgeTeamNameNotice, useSaveTeamName } from '../features/account/api';
import { Banner } from './Banner';
import { Modal } from './Modal';

const DELAY_MS = 1_500;

/**
 * About 1.5 s after sign-in, a player without a team name is asked for one. The prompt
 * cannot be dismissed until a name is saved. A player whose name had to change (another team had
 * it first, decision 0051) is told once, the same way, and may keep the new name or choose another.
 */
export function TeamNamePrompt() {
  const { user } = useSession();
  const saveTeamName = useSaveTeamName();
  const acknowledge = useAcknowledgeTeamNameNotice();
  const needsName = Boolean(user && user.emailVerified && user.teamName === null);
  const notice = user && user.emailVerified && user.teamName !== null ? user.teamNameNotice : null;
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);

  useEffect(() => {
    if (!needsName && !notice) {
      setOpen(false);
      return;
    }
    if (notice) setValue(user?.teamName ?? '');
    const t = setTimeout(() => setOpen(true), DELAY_MS);
    return () => clearTimeout(t);
  }, [needsName, notice, user?.teamName]);

  const trimmed = value.trim();
  const busy = saveTeamName.isPending || acknowledge.isPending;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = teamNameSchema.safeParse({ teamName: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Team name is required');
      return;
    }
    setError(null);
    setSuggestion(null);
    try {
      // Keeping the name given is the same as having seen the notice.
      if (notice && parsed.data.teamName === user?.teamName) await acknowledge.mutateAsync();
      else await saveTeamName.mutateAsync(parsed.data);
      setOpen(false);
    } catch (err) {
      // A name another team has: the server says so and offers a free one.
      setError(
        err instanceof ApiError && err.status < 500 && err.status !== 0
          ? err.message
          : 'Failed to save team name. Please try again.',
      );
      setSuggestion(teamNameSuggestion(err));
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => {}}
      dismissible={false}
      title={notice ? 'Your Team Name Has Changed' : 'Create Your Team Name!'}
    >
      <form onSubmit={save} noValidate className="space-y-4">
        {notice ? (
          <p className="text-sm text-slate-700">
            No two teams may share a name, and another team had “{notice}” first, so yours is now “{user?.teamName}”.
            Keep it, or choose another name.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Your team name is how other players see you on the leaderboards. Pick something memorable!
          </p>
        )}
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
              setSuggestion(null);
            }}
            disabled={busy}
            autoFocus
            aria-describedby="prompt-team-name-counter"
            placeholder="e.g. The Gaffers"
          />
          <p id="prompt-team-name-counter" className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
            {value.length}/{TEAM_NAME_MAX}
          </p>
          {suggestion && (
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => {
                setValue(suggestion);
                setSuggestion(null);
                setError(null);
              }}
            >
              Use “{suggestion}”
            </button>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy || trimmed.length === 0}>
          {busy
            ? notice
              ? 'Saving...'
              : 'Creating...'
            : notice
              ? trimmed === user?.teamName
                ? `Keep “${trimmed}”`
                : 'Save Team Name'
              : 'Create Team Name'}
        </button>
      </form>
    </Modal>
  );
}
