import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { AuthShell } from './AuthShell';
import { useCancelRegistration } from './api';

/**
 * "This wasn't me", from a verification mail: deletes a registration whose address nobody has
 * confirmed. It asks for a click (a mail scanner that opens links deletes nothing).
 */
export function CancelRegistration({ token }: { token: string }) {
  const cancel = useCancelRegistration();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);

  const remove = async () => {
    setOutcome(null);
    try {
      await cancel.mutateAsync(token);
      setOutcome({
        kind: 'success',
        text: 'Done: the registration is deleted. Nobody can use your address on Scoreline unless you sign up yourself.',
      });
    } catch (err) {
      setOutcome({
        kind: err instanceof ApiError && err.status === 409 ? 'info' : 'error',
        text: err instanceof ApiError && err.status < 500 ? err.message : 'Something went wrong. Please try again.',
      });
    }
  };

  return (
    <AuthShell
      title="Not you?"
      footer={
        <Link to="/" className="font-semibold text-brand-800 underline">
          Go to Scoreline
        </Link>
      }
    >
      <div className="space-y-5">
        {outcome ? (
          <Banner kind={outcome.kind}>{outcome.text}</Banner>
        ) : (
          <p className="text-slate-800">
            Someone signed up to Scoreline with your email address. If it wasn&apos;t you, delete the registration:
            nobody will be able to use it, and you will get no more emails about it unless someone signs up again.
          </p>
        )}
        {(!outcome || outcome.kind === 'error') && (
          <button type="button" className="btn-danger w-full" onClick={() => void remove()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Deleting...' : 'Delete the Registration'}
          </button>
        )}
      </div>
    </AuthShell>
  );
}
