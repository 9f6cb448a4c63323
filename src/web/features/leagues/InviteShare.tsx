import { useId } from 'react';
import { COPIED, COPY_FAILED, copyText, notifyLeagues as notify } from './api';
import {
  canShare,
  inviteLink,
  inviteMessage,
  LINK_COPIED,
  LINK_COPY_FAILED,
  MESSAGE_COPIED,
  MESSAGE_COPY_FAILED,
  shareInvite,
} from './invites';

type Invitable = { name: string; code: string };

export async function copyLink(league: Invitable) {
  if (await copyText(inviteLink(league.code))) notify('success', LINK_COPIED);
  else notify('error', LINK_COPY_FAILED);
}

export async function copyCode(league: Invitable) {
  if (await copyText(league.code)) notify('success', COPIED);
  else notify('error', COPY_FAILED);
}

/** The share sheet where the browser has one; elsewhere the button says it copies the message, and does. */
export async function share(league: Invitable) {
  const outcome = await shareInvite(league);
  if (outcome === 'copied') notify('success', MESSAGE_COPIED);
  else if (outcome === 'failed') notify('error', MESSAGE_COPY_FAILED);
}

const shareLabel = () => (canShare() ? 'Share' : 'Copy Message');

/** A league card's invite controls: its link and its message, one tap each. */
export function InviteButtons({ league }: { league: Invitable }) {
  const small = 'rounded px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100';
  return (
    <div className="flex flex-wrap items-center gap-1">
      <button type="button" className={small} onClick={() => void copyLink(league)}>
        Copy Link<span className="sr-only"> to invite players to {league.name}</span>
      </button>
      <button type="button" className={small} onClick={() => void share(league)}>
        {shareLabel()}
        <span className="sr-only"> an invite to {league.name}</span>
      </button>
    </div>
  );
}

/** The whole invite: code, link and the ready message, with Copy and Share. */
export function InvitePanel({ league }: { league: Invitable }) {
  const id = useId();
  const link = inviteLink(league.code);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
        <span className="text-sm text-slate-700">
          League code:{' '}
          <span
            className="font-mono text-lg font-bold tracking-widest text-slate-900"
            aria-label={`League code ${league.code.split('').join(' ')}`}
          >
            {league.code}
          </span>
        </span>
        <button type="button" className="btn-secondary" onClick={() => void copyCode(league)}>
          Copy Code
        </button>
      </div>
      <div>
        <label htmlFor={`${id}-link`} className="label">
          Invite link
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-link`}
            className="input min-w-0 font-mono text-sm"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn-secondary shrink-0" onClick={() => void copyLink(league)}>
            Copy Link
          </button>
        </div>
      </div>
      <div>
        <p className="label">Message for WhatsApp or e-mail</p>
        <p className="break-words rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800">
          {inviteMessage(league.name, link, league.code)}
        </p>
        <button type="button" className="btn-primary mt-2 w-full sm:w-auto" onClick={() => void share(league)}>
          {canShare() ? 'Share Invite' : 'Copy Message'}
        </button>
      </div>
    </div>
  );
}
