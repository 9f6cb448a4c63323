import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { renameLeagueSchema, type RenameLeagueInput } from '../../../game/schemas/leagues';
import { LEAGUE_NAME_MAX } from '../../../game/limits';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api';
import { useRenameLeague, type League } from './api';

/** The creator renames the league (confirmation is the Save button of this dialog). */
export function RenameLeagueDialog({ league, onClose, onDone }: { league: League | null; onClose: () => void; onDone: (kind: 'success' | 'error', text: string) => void }) {
  return (
    <Modal open={league !== null} onClose={onClose} title="Rename League" size="sm">
      {league && <RenameForm league={league} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function RenameForm({ league, onClose, onDone }: { league: League; onClose: () => void; onDone: (kind: 'success' | 'error', text: string) => void }) {
  const rename = useRenameLeague();
  const { register, handleSubmit, formState } = useForm<RenameLeagueInput>({ resolver: zodResolver(renameLeagueSchema), defaultValues: { name: league.name } });
  const error = formState.errors.name?.message;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async ({ name }) => {
        try {
          await rename.mutateAsync({ leagueId: league.id, name });
          onDone('success', `League renamed to "${name}".`);
          onClose();
        } catch (err) {
          onDone('error', err instanceof ApiError ? err.message : 'Failed to rename league. Please try again.');
        }
      })}
    >
      <label className="label" htmlFor="rename-league">
        League Name
      </label>
      <input id="rename-league" className="input" maxLength={LEAGUE_NAME_MAX} aria-invalid={error ? true : undefined} {...register('name')} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          Save Name
        </button>
      </div>
    </form>
  );
}
