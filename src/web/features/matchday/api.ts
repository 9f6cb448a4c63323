import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { LiveScoreInput, ReminderSettingsInput } from '../../../game/schemas/matchday';

export type FixtureStatus = 'upcoming' | 'live' | 'finished' | 'postponed';
export type Outcome = 'exact' | 'outcome' | 'wrong';

export interface MatchFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string | null;
  gameweek: number | null;
  league: string;
  status: FixtureStatus;
  result: { homeScore: number; awayScore: number; final: boolean } | null;
}

export interface Match {
  fixture: MatchFixture;
  prediction: { homeScore: number; awayScore: number } | null;
  points: { points: number; outcome: Outcome; provisional: boolean } | null;
}

export interface MatchDay {
  timeZone: string;
  today: string;
  matches: Match[];
  nextMatchDay: string | null;
}

export interface LiveTable {
  leagueId: string;
  liveMatches: number;
  rows: Array<{ rank: number; userId: string; name: string; isCreator: boolean; storedPoints: number; provisionalPoints: number; points: number }>;
}

export interface ReminderSettings {
  remindersEnabled: boolean;
  windows: Array<24 | 6>;
}

/** The viewer's IANA time zone ("today" on /matches is their today). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
  } catch {
    return 'Europe/London';
  }
}

/** Today's and live matches. Live events refetch it; a slow poll also rolls statuses over at kick-off. */
export function useMatchDay() {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: ['matches', tz],
    queryFn: () => api<MatchDay>(`/api/matches?tz=${encodeURIComponent(tz)}`),
    refetchInterval: 60_000,
    // Fresh on every visit: the viewer may just have predicted on another screen.
    staleTime: 0,
  });
}

export function useSetLiveScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: string; body: LiveScoreInput }) =>
      api<{ fixture: MatchFixture }>(`/api/admin/live-scores/${encodeURIComponent(fixtureId)}`, { method: 'PUT', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['matches'] }),
  });
}

export function useLiveTable(leagueId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['leagues', leagueId, 'live-table'],
    queryFn: () => api<LiveTable>(`/api/leagues/${encodeURIComponent(leagueId)}/live-table`),
    enabled,
    refetchInterval: enabled ? 60_000 : false,
  });
}

const remindersKey = ['me', 'reminders'] as const;
const calendarKey = ['me', 'calendar'] as const;

export function useReminderSettings() {
  return useQuery({ queryKey: remindersKey, queryFn: () => api<ReminderSettings>('/api/me/settings/reminders') });
}

export function useSaveReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettingsInput) => api<ReminderSettings>('/api/me/settings/reminders', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(remindersKey, data),
  });
}

export function useCalendarUrl() {
  return useQuery({ queryKey: calendarKey, queryFn: () => api<{ url: string }>('/api/me/calendar') });
}

export function useRegenerateCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ url: string }>('/api/me/calendar/regenerate', { method: 'POST', body: {} }),
    onSuccess: (data) => qc.setQueryData(calendarKey, data),
  });
}
