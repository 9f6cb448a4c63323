import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { teamNameSchema } from '../../game/schemas/account';
import { TEAM_NAME_MAX } from '../../game/limits';
import { api } from '../lib/api';
import { meKey, useSession, type Me } from '../lib/session';
import { Modal } from './Modal';

const DELAY_MS = 1_500;

/**
 * Spec §4: about 1.5 s after sign-in, a player without a team name is asked for one. The prompt
 * cannot be dismissed until a name is saved.
 */
export function TeamNamePrompt() {
  const { user } = useSession();
  const qc = useQueryClient();
  const needsName = Boolean(user && user.emailVerified && user.teamName === null);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ user: Me }>('/api/me/team-name', { method: 'PUT', body: parsed.data });
      qc.setQueryData(meKey, res.user);
      setOpen(false);
    } catch {
      setError('Failed to save team name. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={() => {}} dismissible={false} title="Create Your Team Name!">
      <form onSubmit={save} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">Your team name is how other players see you on the leaderboards. Pick something memorable!</p>
        {error && (
          <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" role="alert">
            {error}
          </p>
        )}
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
            disabled={busy}
            autoFocus
            aria-describedby="prompt-team-name-counter"
            placeholder="e.g. The Gaffers"
          />
          <p id="prompt-team-name-counter" className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
            {value.length}/{TEAM_NAME_MAX}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy || trimmed.length === 0}>
          {busy ? 'Creating...' : 'Create Team Name'}
        </button>
      </form>
    </Modal>
  );
}
