import { useState, type ReactNode } from 'react';
import { predictionWindow } from '../../../game/deadline';
import { DeadlineModal, PredictionModal } from './PredictionModal';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';

/**
 * Opens the editor for a match, or the deadline modal instead once predictions have closed
 * (judged by the server's clock). The server decides in the end: a refused save opens the same modal.
 */
export function usePredictionEditor(): {
  open: (fixture: Fixture, prediction: Prediction | null, now: Date) => void;
  modals: ReactNode;
} {
  const [editing, setEditing] = useState<{ fixture: Fixture; prediction: Prediction | null } | null>(null);
  const [deadline, setDeadline] = useState(false);

  const open = (fixture: Fixture, prediction: Prediction | null, now: Date) => {
    const window = predictionWindow({ kickoffAt: fixture.kickoffAt, postponed: fixture.status === 'postponed' }, now);
    if (window === 'open') setEditing({ fixture, prediction });
    else setDeadline(true);
  };

  const modals = (
    <>
      {editing && (
        <PredictionModal
          key={editing.fixture.id}
          fixture={editing.fixture}
          prediction={editing.prediction}
          onClose={() => setEditing(null)}
          onDeadlinePassed={() => {
            setEditing(null);
            setDeadline(true);
          }}
        />
      )}
      {deadline && <DeadlineModal onClose={() => setDeadline(false)} />}
    </>
  );
  return { open, modals };
}
