import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETED_NOTICE,
  deleteAccountSchema,
  type DeleteAccountInput,
  type DeletionLeague,
} from '../../../contract/account-data';
import { Banner } from '../../components/Banner';
import { Modal } from '../../components/Modal';
import { ApiError, SOMETHING_WRONG } from '../../lib/api';
import { plural } from '../../lib/plural';
import { Field, fieldAria } from '../account/Field';
import { PasswordInput } from '../account/PasswordInput';
import { useDeleteAccount, useDeletionPreview } from './api';

/** "1 member stays", "3 members stay": the verb agrees with the count. */
export const membersStay = (n: number) => `${plural(n, 'member')} ${n === 1 ? 'stays' : 'stay'}`;

function LeagueFate({ league }: { league: DeletionLeague }) {
  if (league.fate === 'deleted') {
    return (
      <li className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900">
        <span className="font-semibold">{league.name}</span> will be deleted: nobody else is in it.
      </li>
    );
  }
  if (league.fate === 'passes') {
    return (
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        <span className="font-semibold">{league.name}</span> passes to{' '}
        <span className="font-semibold">{league.newCreator}</span>, its longest-standing member (
        {membersStay(league.otherMembers)}).
      </li>
    );
  }
  return (
    <li className="rounded-lg bg-slate-50 px-3 py-2">
      <span className="font-semibold">{league.name}</span>: you leave its table; it goes on without you.
    </li>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const preview = useDeletionPreview(true);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [refused, setRefused] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefused(null);
    try {
      await remove.run(values);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'wrong_password')
        setError('password', { message: err.message }, { shouldFocus: true });
      else setRefused(err instanceof ApiError ? err.message : SOMETHING_WRONG);
      return;
    }
    await navigate('/', { replace: true, state: { message: ACCOUNT_DELETED_NOTICE } });
  });

  const data = preview.data;
  const blocked = data?.refusal ?? null;
  const error = errors.password?.message;
  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p>
        This cannot be undone. Your predictions and points, your league memberships, your reminders and calendar link
        go, and you are signed out everywhere. Messages you sent us stay with support, without your name or address.
      </p>
      {preview.isPending ? (
        <p role="status">Checking your leagues...</p>
      ) : preview.isError ? (
        <Banner kind="error">Could not load what happens to your leagues. Please close this and try again.</Banner>
      ) : blocked || !data ? (
        <Banner kind="error">{blocked ?? SOMETHING_WRONG}</Banner>
      ) : (
        <div>
          <h3 className="font-semibold text-slate-900">Your leagues</h3>
          {data.leagues.length === 0 ? (
            <p className="mt-1">You are not in any league.</p>
          ) : (
            <ul className="mt-2 max-h-48 space-y-2 overflow-y-auto" aria-label="What happens to your leagues">
              {data.leagues.map((l) => (
                <LeagueFate key={l.id} league={l} />
              ))}
            </ul>
          )}
          <p className="mt-2">{plural(data.predictions, 'prediction')} will be deleted.</p>
        </div>
      )}
      {blocked || preview.isError ? (
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
            Close
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {refused && <Banner kind="error">{refused}</Banner>}
          <Field
            id="delete-password"
            label="Your password"
            error={error}
            hint="Type your password to confirm it is you."
          >
            <PasswordInput
              label="Your password"
              {...register('password', { onChange: () => clearErrors('password') })}
              {...fieldAria('delete-password', error, true)}
              autoComplete="current-password"
              autoFocus
              // Read-only while it is checked (not disabled): the focus stays here, for the next try after a refusal.
              readOnly={isSubmitting}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose} disabled={isSubmitting}>
              Keep my account
            </button>
            <button type="submit" className="btn-danger" disabled={isSubmitting || preview.isPending}>
              {isSubmitting ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Settings' last section: deleting the account, behind a dialog that says what happens and asks for the password. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card border-red-200" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className="text-lg font-bold text-red-900">
        Delete Account
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Deletes your account and everything that belongs to it. Leagues you created pass to their longest-standing
        member, or are deleted if nobody else is in them.
      </p>
      <button type="button" className="btn-danger mt-4" onClick={() => setOpen(true)}>
        Delete my account...
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Delete your account?">
        {open && <DeleteDialog onClose={() => setOpen(false)} />}
      </Modal>
    </section>
  );
}
