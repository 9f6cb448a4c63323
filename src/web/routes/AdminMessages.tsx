import { Banner } from '../components/Banner';
import { AdminGate, notifyAdmin as notify } from '../features/admin/AdminGate';
import { useAdminContactMessages, useRetryContact } from '../features/contact/api';
import { DELETED_SENDER, type ContactMessage } from '../../contract/contact';
import { formatDateTime } from '../lib/format';
import { ApiError } from '../lib/api';
import { mailtoHref } from '../lib/mailto';

const STATUS = {
  sent: { label: 'Sent', cls: 'bg-green-100 text-green-900' },
  failed: { label: 'Not sent yet', cls: 'bg-red-100 text-red-900' },
  pending: { label: 'Sending', cls: 'bg-amber-100 text-amber-900' },
} as const;

/**
 * Who wrote and where to answer. The account's verified address is named as the sender; a reply
 * address the sender typed is marked as not verified; only a plain address gets a mailto link
 * (lib/mailto.ts), so a stored `?cc=…&body=…` can add nothing to the admin's reply.
 */
function Sender({ m }: { m: ContactMessage }) {
  if (m.fromName === DELETED_SENDER && !m.fromEmail) {
    return (
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{DELETED_SENDER}</p>
        <p className="text-sm text-slate-700">The sender deleted their account: there is no address to reply to.</p>
      </div>
    );
  }
  const href = mailtoHref(m.fromEmail);
  const typed = m.accountEmail !== null && m.fromEmail.toLowerCase() !== m.accountEmail.toLowerCase();
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900">{m.fromName}</p>
      {m.accountEmail && <p className="truncate text-sm text-slate-700">Account: {m.accountEmail} (verified)</p>}
      <p className="break-all text-sm text-slate-700">
        Reply to:{' '}
        {href ? (
          <a className="text-brand-800 underline" href={href}>
            {m.fromEmail}
          </a>
        ) : (
          <span>{m.fromEmail} (not a plain address, so no link)</span>
        )}
        {typed && ' (typed by the sender, not verified)'}
      </p>
    </div>
  );
}

function MessageCard({
  m,
  onRetry,
  retrying,
}: {
  m: ContactMessage;
  onRetry: (id: string) => void;
  retrying: boolean;
}) {
  const s = STATUS[m.status];
  return (
    <li className="card space-y-3" data-status={m.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Sender m={m} />
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${s.cls}`}>{s.label}</span>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{m.message}</p>
      <dl className="grid gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Received: </dt>
          <dd className="inline">{formatDateTime(m.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">To: </dt>
          <dd className="inline break-all">{m.toEmail || 'the support address'}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Attempts: </dt>
          <dd className="inline">{m.attempts}</dd>
        </div>
        {m.sentAt && (
          <div>
            <dt className="inline font-semibold">Sent: </dt>
            <dd className="inline">{formatDateTime(m.sentAt)}</dd>
          </div>
        )}
        {m.status !== 'sent' && (
          <div>
            <dt className="inline font-semibold">Next attempt: </dt>
            <dd className="inline">{m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : 'Only when you retry'}</dd>
          </div>
        )}
        {m.lastError && m.status !== 'sent' && (
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Last error: </dt>
            <dd className="inline break-all">{m.lastError}</dd>
          </div>
        )}
      </dl>
      {m.status !== 'sent' && (
        <button type="button" className="btn-secondary" disabled={retrying} onClick={() => onRetry(m.id)}>
          {retrying ? 'Retrying...' : 'Retry now'}
        </button>
      )}
    </li>
  );
}

function AdminMessagesScreen() {
  const q = useAdminContactMessages();
  const retry = useRetryContact();
  const onRetry = async (id: string) => {
    try {
      const { message } = await retry.mutateAsync(id);
      if (message.status === 'sent') notify('success', 'Message delivered.');
      else notify('error', `Still not delivered: ${message.lastError ?? 'unknown error'}`);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Retry failed. Please try again.');
    }
  };
  const messages = q.data ?? [];
  const unsent = messages.filter((m) => m.status !== 'sent').length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Contact Messages</h1>
        <p className="text-sm text-slate-700">
          Every message sent from the contact page, with its delivery state. Unsent ones are retried automatically.
        </p>
      </div>
      {q.isPending ? (
        <p className="text-slate-700" role="status">
          Loading messages...
        </p>
      ) : q.isError ? (
        <Banner kind="error">Failed to load messages. Please try again.</Banner>
      ) : messages.length === 0 ? (
        <p className="card text-center text-slate-700">No messages yet.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {messages.length} {messages.length === 1 ? 'message' : 'messages'}, {unsent} not sent yet.
          </p>
          <ul className="space-y-4">
            {messages.map((m) => (
              <MessageCard key={m.id} m={m} onRetry={onRetry} retrying={retry.isPending && retry.variables === m.id} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default function AdminMessages() {
  return (
    <AdminGate loading="Loading messages..." homeLabel="Back to Dashboard" homeTo="/dashboard">
      <AdminMessagesScreen />
    </AdminGate>
  );
}
