import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../lib/notify';
import { Modal } from '../../components/Modal';
import { reminderSettingsSchema, type ReminderSettingsInput } from '../../../contract/reminders';
import { useCalendarUrl, useRegenerateCalendar, useReminderSettings, useSaveReminderSettings } from './api';
import { useCompetitions } from '../seasons/api';
import { competitionFeedLinks } from './calendar-links';

const CHOICES = [
  { value: '24', label: '24 hours before', windows: [24] },
  { value: '6', label: '6 hours before', windows: [6] },
  { value: '24,6', label: 'Both (24 hours and 6 hours before)', windows: [24, 6] },
] as const;

const choiceOf = (windows: readonly number[]) => [...windows].sort((a, b) => b - a).join(',');

function RemindersSection() {
  const q = useReminderSettings();
  const save = useSaveReminderSettings();
  const form = useForm<ReminderSettingsInput>({
    resolver: zodResolver(reminderSettingsSchema),
    defaultValues: { remindersEnabled: true, windows: [24] },
  });
  const { control, handleSubmit, reset, watch, formState } = form;
  const enabled = watch('remindersEnabled');

  useEffect(() => {
    if (q.data) reset(q.data);
  }, [q.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      notify('success', saved.remindersEnabled ? 'Reminder settings saved.' : 'Reminders turned off.');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : 'Could not save your reminder settings.');
    }
  });

  return (
    <section className="card" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" className="text-lg font-bold">
        Deadline Reminders
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An e-mail listing the matches you haven&apos;t predicted yet, before predictions close (2 hours before
        kick-off).
      </p>
      {q.isPending ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading reminder settings...
        </p>
      ) : q.isError ? (
        <p className="mt-4 text-red-800" role="alert">
          Could not load your reminder settings.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="mt-4 space-y-4">
          <Controller
            control={control}
            name="remindersEnabled"
            render={({ field }) => (
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                />
                <span className="font-medium text-slate-900">E-mail me deadline reminders</span>
              </label>
            )}
          />
          <Controller
            control={control}
            name="windows"
            render={({ field, fieldState }) => (
              <fieldset disabled={!enabled} className="disabled:opacity-60">
                <legend className="label">When to remind me</legend>
                <div className="mt-1 grid gap-2 sm:grid-cols-3">
                  {CHOICES.map((c) => (
                    <label
                      key={c.value}
                      className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="reminder-windows"
                        value={c.value}
                        className="accent-brand-700"
                        checked={choiceOf(field.value ?? []) === c.value}
                        onChange={() => field.onChange([...c.windows])}
                      />
                      {c.label}
                    </label>
                  ))}
                </div>
                {fieldState.error && <p className="field-error">{fieldState.error.message}</p>}
              </fieldset>
            )}
          />
          <button type="submit" className="btn-primary" disabled={save.isPending || !formState.isDirty}>
            {save.isPending ? 'Saving...' : 'Save Reminder Settings'}
          </button>
        </form>
      )}
    </section>
  );
}

/** Copies a link, or selects it for the player to copy when the clipboard is not available. */
async function copyLink(url: string, field: HTMLInputElement | null, done: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify('success', done);
  } catch {
    field?.select();
    notify('info', 'Press Ctrl+C (or ⌘C) to copy the selected link.');
  }
}

/** One competition's link each, for a calendar of that competition only (the feed's `?competition=`). */
export function CompetitionLinks({ url }: { url: string }) {
  const q = useCompetitions();
  const links = competitionFeedLinks(url, q.data?.competitions ?? []);
  const fields = useRef(new Map<string, HTMLInputElement>());
  if (links.length === 0) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        Your link has the matches of every competition you play. For a calendar of one competition only:
      </p>
      <ul className="space-y-2">
        {links.map((l) => (
          <li key={l.id} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor={`calendar-url-${l.id}`} className="text-sm font-medium sm:w-40">
              {l.name} only
            </label>
            <input
              id={`calendar-url-${l.id}`}
              ref={(el) => {
                if (el) fields.current.set(l.id, el);
                else fields.current.delete(l.id);
              }}
              className="input min-w-0 flex-1 font-mono text-xs"
              readOnly
              value={l.url}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Copy the ${l.name} link`}
              onClick={() => copyLink(l.url, fields.current.get(l.id) ?? null, `${l.name} calendar link copied.`)}
            >
              Copy
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CalendarSection() {
  const q = useCalendarUrl();
  const regenerate = useRegenerateCalendar();
  const [confirm, setConfirm] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!q.data) return;
    await copyLink(q.data.url, input.current, 'Calendar link copied.');
  };
  const onRegenerate = async () => {
    try {
      await regenerate.mutateAsync();
      setConfirm(false);
      notify('success', 'New calendar link created. The old one no longer works.');
    } catch (err) {
      notify('error', err instanceof Error ? err.message : 'Could not create a new link.');
    }
  };

  return (
    <section className="card" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading" className="text-lg font-bold">
        Calendar Feed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to this private link in Google Calendar, Apple Calendar or Outlook to see every fixture of the
        competitions you play, with a reminder an hour before each prediction deadline. Moved matches update by
        themselves. Keep the link to yourself.
      </p>
      {q.isPending ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading calendar link...
        </p>
      ) : q.isError ? (
        <p className="mt-4 text-red-800" role="alert">
          Could not load your calendar link.
        </p>
      ) : (
        <div className="mt-4 space-y-3">
          <label htmlFor="calendar-url" className="label">
            Your calendar link
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-url"
              ref={input}
              className="input min-w-0 flex-1 font-mono text-xs"
              readOnly
              value={q.data.url}
              onFocus={(e) => e.target.select()}
            />
            <div className="flex gap-2">
              <button type="button" className="btn-primary" onClick={copy}>
                Copy
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirm(true)}>
                Regenerate
              </button>
            </div>
          </div>
          <CompetitionLinks url={q.data.url} />
        </div>
      )}
      <Modal open={confirm} onClose={() => setConfirm(false)} title="Regenerate calendar link?" size="sm">
        <p className="text-slate-700">
          Calendars subscribed to your current link will stop updating. You will need to add the new link to them.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => setConfirm(false)}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={onRegenerate} disabled={regenerate.isPending}>
            {regenerate.isPending ? 'Regenerating...' : 'Regenerate'}
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** Match day settings for /settings: deadline reminders and the private calendar feed. */
export function RemindersAndCalendar() {
  return (
    <div className="space-y-6">
      <RemindersSection />
      <CalendarSection />
    </div>
  );
}
