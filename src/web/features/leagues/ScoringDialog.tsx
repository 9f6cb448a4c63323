import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { leagueScoringSchema, type League, type LeagueScoringInput } from '../../../contract/leagues';
import { Banner } from '../../components/Banner';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api';
import { notifyLeagues as notify, useChangeScoring } from './api';
import { ScoringFields, type ScoringErrors } from './ScoringFields';

/**
 * The creator changes the league's scoring. Once a member has a scored pick the server asks for
 * confirmation (every member's table is worked out again, and members see a notice): the dialog
 * then says so and offers to go ahead.
 */
export function ScoringDialog({ league, onClose }: { league: League | null; onClose: () => void }) {
  return (
    <Modal open={league !== null} onClose={onClose} title="Change Scoring" size="md">
      {league && <ScoringForm league={league} onClose={onClose} />}
    </Modal>
  );
}

const formSchema = z.object({ scoring: leagueScoringSchema });

function ScoringForm({ league, onClose }: { league: League; onClose: () => void }) {
  const change = useChangeScoring();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ message: string; values: LeagueScoringInput } | null>(null);
  const { handleSubmit, formState, control } = useForm<{ scoring: LeagueScoringInput }>({
    resolver: zodResolver(formSchema),
    defaultValues: { scoring: { rule: { ...league.scoring.rule }, bankersAllowed: league.scoring.bankersAllowed } },
  });
  const send = async (values: LeagueScoringInput, confirmRecompute: boolean) => {
    setFailure(null);
    try {
      await change.mutateAsync({ leagueId: league.id, body: { ...values, confirmRecompute } });
      notify(
        'success',
        confirmRecompute ? "Scoring changed. Every member's table now counts under the new rule." : 'Scoring changed.',
      );
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'confirm_recompute') setConfirming({ message: err.message, values });
      else setFailure(err instanceof ApiError ? err.message : 'Failed to change the scoring. Please try again.');
    }
  };
  if (confirming) {
    return (
      <div className="space-y-4">
        <Banner kind="info">{confirming.message}</Banner>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setConfirming(null)}
            autoFocus
            disabled={change.isPending}
          >
            Back
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={change.isPending}
            onClick={() => void send(confirming.values, true)}
          >
            Recompute every member's table
          </button>
        </div>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit(({ scoring }) => send(scoring, false))} className="space-y-4">
      {failure && <Banner kind="error">{failure}</Banner>}
      <Controller
        name="scoring"
        control={control}
        render={({ field }) => (
          <ScoringFields
            idPrefix="change-scoring"
            value={field.value}
            onChange={field.onChange}
            errors={formState.errors.scoring as ScoringErrors | undefined}
          />
        )}
      />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting || change.isPending}>
          Save Scoring
        </button>
      </div>
    </form>
  );
}
