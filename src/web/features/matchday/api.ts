import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { viewerTimeZone } from '../../lib/format';
import { useApiMutation } from '../../lib/mutation';
import { calendarDto } from '../../../contract/calendar';
import { fixtureReply } from '../../../contract/fixtures';
import { matchDayDto, type LiveScoreInput } from '../../../contract/live';
import { reminderSettingsDto, type ReminderSettingsInput } from '../../../contract/reminders';

/** Today's and live matches. Live events refetch it; a slow poll also rolls statuses over at kick-off. */
export function useMatchDay() {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: ['matches', tz],
    queryFn: () => api(`/api/matches?tz=${encodeURIComponent(tz)}`, { schema: matchDayDto }),
    refetchInterval: 60_000,
    // Fresh on every visit: the viewer may just have predicted on another screen.
    staleTime: 0,
  });
}

export const useSetLiveScore = () =>
  useApiMutation(
    ({ fixtureId, body }: { fixtureId: string; body: LiveScoreInput }) =>
      api(`/api/admin/live-scores/${encodeURIComponent(fixtureId)}`, { schema: fixtureReply, method: 'PUT', body }),
    { invalidates: [['matches']] },
  );

const remindersKey = ['me', 'reminders'] as const;
const calendarKey = ['me', 'calendar'] as const;

export function useReminderSettings() {
  return useQuery({ queryKey: remindersKey, queryFn: () => api('/api/me/settings/reminders', { schema: reminderSettingsDto }) });
}

export function useSaveReminderSettings() {
  const qc = useQueryClient();
  return useApiMutation((body: ReminderSettingsInput) => api('/api/me/settings/reminders', { schema: reminderSettingsDto, method: 'PUT', body }), {
    onSuccess: (data) => qc.setQueryData(remindersKey, data),
  });
}

export function useCalendarUrl() {
  return useQuery({ queryKey: calendarKey, queryFn: () => api('/api/me/calendar', { schema: calendarDto }) });
}

export function useRegenerateCalendar() {
  const qc = useQueryClient();
  return useApiMutation(() => api('/api/me/calendar/regenerate', { schema: calendarDto, method: 'POST', body: {} }), {
    onSuccess: (data) => qc.setQueryData(calendarKey, data),
  });
}
