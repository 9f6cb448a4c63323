import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { calendarDto } from '../../../contract/calendar';
import { reminderSettingsDto, type ReminderSettingsInput } from '../../../contract/reminders';

const remindersKey = ['me', 'reminders'] as const;
const calendarKey = ['me', 'calendar'] as const;

export function useReminderSettings() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: () => api('/api/me/settings/reminders', { schema: reminderSettingsDto }),
  });
}

export function useSaveReminderSettings() {
  const qc = useQueryClient();
  return useApiMutation(
    (body: ReminderSettingsInput) =>
      api('/api/me/settings/reminders', { schema: reminderSettingsDto, method: 'PUT', body }),
    {
      onSuccess: (data) => qc.setQueryData(remindersKey, data),
    },
  );
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
