import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { renameLeagueSchema, type League, type RenameLeagueInput } from '../../../contract/leagues';
import { LEAGUE_NAME_MAX } from '../../../game/limits';
import { Banner } from '../../components/Banner';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api';
import { notifyLeagues as notify, useRenameLeague } from './api';

/** The creator renames the league (confirmation is the Save button of this dialog). */
export function RenameLeagueDialog({ league, onClose }: { league: League | null; onClose: () => void }) {
  return (
    <Modal open={league !== null} onClose={onClose} title="Rename League" size="sm">
      {league && <RenameForm league={league} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ league, onClose }: { league: League; onClose: () => void }) {
  const rename = useRenameLeague();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RenameLeagueInput>({
    resolver: zodResolver(renameLeagueSchema),
    defaultValues: { name: league.name },
  });
  const error = formState.errors.name?.message;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async ({ name }) => {
        setFailure(null);
        try {
          await rename.mutateAsync({ leagueId: league.id, name });
          notify('success', `League renamed to "${name}".`);
          onClose();
        } catch (err) {
          setFailure(err instanceof ApiError ? err.message : 'Failed to rename league. Please try again.');
        }
      })}
    >
      {failure && (
        <div className="mb-4">
          <Banner kind="error">{failure}</Banner>
        </div>
      )}
      <label className="label" htmlFor="rename-league">
        League Name
      </label>
      <input
        id="rename-league"
        className="input"
        maxLength={LEAGUE_NAME_MAX}
        aria-invalid={error ? true : undefined}
        {...register('name')}
      />
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
