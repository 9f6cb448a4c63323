import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { pushPreferencesSchema, type PushPreferences } from '../../../contract/push';
import { deviceSubscribed, pushSupported, usePushDevice, usePushPreferences, useSavePushPreferences } from './api';

const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Notifications on this device": subscribe this browser to push messages, choose which, quiet
 * hours in the player's own zone, and whether deadline reminders also come by e-mail.
 */
export function PushSettings() {
  const supported = pushSupported();
  const q = usePushPreferences();
  const save = useSavePushPreferences();
  const { enable, disable } = usePushDevice();
  const [here, setHere] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<PushPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void deviceSubscribed()
      .then((s) => live && setHere(s))
      .catch(() => live && setHere(false));
    return () => {
      live = false;
    };
  }, [supported, enable.isSuccess, disable.isSuccess]);

  useEffect(() => {
    if (q.data) {
      const { devices: _devices, ...prefs } = q.data;
      setDraft(prefs);
    }
  }, [q.data]);

  const onEnable = async () => {
    try {
      await enable.mutateAsync();
      notify('success', 'Notifications are on for this device.');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : 'Could not turn notifications on.');
    }
  };
  const onDisable = async () => {
    try {
      await disable.mutateAsync();
      notify('success', 'Notifications are off for this device.');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : 'Could not turn notifications off.');
    }
  };
  const onSave = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = pushPreferencesSchema.safeParse({ ...draft, timeZone: draft.quietStart ? ownZone() : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the quiet hours.');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify('success', 'Notification settings saved.');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : 'Could not save your notification settings.');
    }
  };
  const toggle = (key: 'picksMissing' | 'results' | 'goals' | 'leagueNews' | 'alsoEmail', label: string) =>
    draft && (
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
        />
        <span className="text-slate-900">{label}</span>
      </label>
    );

  return (
    <section className="card" aria-labelledby="push-heading">
      <h2 id="push-heading" className="text-lg font-bold">
        Notifications on this device
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A notification 24 hours and 1 hour before predictions close, only while a match still has no pick from you.
      </p>
      {!supported ? (
        <p className="mt-4 text-slate-700">This browser cannot show notifications from websites.</p>
      ) : q.isPending || !draft ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading notification settings...
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            {here ? (
              <button type="button" className="btn-secondary" onClick={onDisable} disabled={disable.isPending}>
                Turn off on this device
              </button>
            ) : (
              <button type="button" className="btn-primary" onClick={onEnable} disabled={enable.isPending}>
                {enable.isPending ? 'Enabling...' : 'Enable notifications'}
              </button>
            )}
            <span className="text-sm text-slate-700" data-testid="push-devices">
              {q.data?.devices === 1 ? '1 device subscribed' : `${q.data?.devices ?? 0} devices subscribed`}
            </span>
          </div>
          <form onSubmit={onSave} className="space-y-3">
            {toggle('picksMissing', 'Remind me of missing picks before a deadline')}
            {toggle('results', 'My gameweek results and points')}
            {toggle('goals', 'Goals in matches I picked')}
            {toggle('leagueNews', 'League news: a new bonus question, a new member')}
            {toggle(
              'alsoEmail',
              'Also send deadline reminders by e-mail (otherwise e-mail stops while notifications reach a device)',
            )}
            <fieldset className="space-y-2">
              <legend className="label">Quiet hours ({ownZone()})</legend>
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={draft.quietStart !== null}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      quietStart: e.target.checked ? '22:00' : null,
                      quietEnd: e.target.checked ? '07:00' : null,
                    })
                  }
                />
                <span className="text-slate-900">No notifications at night</span>
              </label>
              {draft.quietStart !== null && (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label>
                    From{' '}
                    <input
                      type="time"
                      className="input w-auto"
                      value={draft.quietStart}
                      onChange={(e) => setDraft({ ...draft, quietStart: e.target.value })}
                    />
                  </label>
                  <label>
                    to{' '}
                    <input
                      type="time"
                      className="input w-auto"
                      value={draft.quietEnd ?? ''}
                      onChange={(e) => setDraft({ ...draft, quietEnd: e.target.value })}
                    />
                  </label>
                </div>
              )}
              <p className="text-xs text-slate-600">
                Reminders wait until quiet hours end; the 1-hour reminder still comes if you had none for that deadline.
              </p>
            </fieldset>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Notification Settings'}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
