// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn picker in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { Season, SeasonList } from '../../../contract/seasons';
import { seasonsKey } from '../seasons/api';
import { SeasonSwitcher } from '../seasons/SeasonSwitcher';
import { LeagueSeasonsContext, leagueDefaultSeason, leagueNotInSeason, leagueSeasonList } from './league-seasons';

const competition = { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' };
const season = (id: string, phase: Season['phase'], startDate: string, endDate: string): Season => ({
  id,
  label: id.replace('-', '/'),
  competition,
  phase,
  startDate,
  endDate,
  nextKickoff: null,
  fixtures: 380,
  results: phase === 'finished' ? 380 : 0,
  current: false,
});
const past = season('2025-26', 'finished', '2025-08-15', '2026-05-24');
const older = season('2024-25', 'finished', '2024-08-16', '2025-05-25');
const next = season('2026-27', 'upcoming', '2026-08-21', '2027-05-23');
const list: SeasonList = { current: '2026-27', pinned: false, seasons: [{ ...next, current: true }, past, older] };

const madeNovember2026 = { createdAt: '2026-11-03T10:00:00.000Z' };
const madeBetween = { createdAt: '2026-05-30T12:00:00.000Z' };
const madeLongAgo = { createdAt: '2024-07-01T12:00:00.000Z' };

describe('a league’s season picker', () => {
  test('offers only the seasons the league existed in', () => {
    expect(leagueSeasonList(list, madeNovember2026).map((s) => s.id)).toEqual(['2026-27']);
    expect(leagueSeasonList(list, madeLongAgo).map((s) => s.id)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(leagueSeasonList(list, null).map((s) => s.id)).toEqual(['2026-27', '2025-26', '2024-25']);
  });

  test('between seasons a new league leads with its own season, an old one with the season just played', () => {
    expect(leagueDefaultSeason(list, 'standings', madeBetween)?.id).toBe('2026-27');
    expect(leagueDefaultSeason(list, 'standings', madeLongAgo)?.id).toBe('2025-26');
    expect(leagueDefaultSeason(list, 'board', madeBetween)?.id).toBe('2026-27');
  });

  test('a season the league did not exist in has a message instead of a table', () => {
    expect(leagueNotInSeason(list, madeNovember2026, past)).toBe(
      'This league did not exist in 2025/26: its first season is 2026/27.',
    );
    expect(leagueNotInSeason(list, madeNovember2026, list.seasons[0]!)).toBeNull();
  });

  test('the switcher on a league’s page lists its seasons only; elsewhere every season', () => {
    const draw = (league: { createdAt: string } | null) => {
      const client = new QueryClient();
      client.setQueryData(seasonsKey, list);
      return renderToStaticMarkup(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/leaderboard']}>
            <LeagueSeasonsContext.Provider value={league}>
              <SeasonSwitcher allowAll />
            </LeagueSeasonsContext.Provider>
          </MemoryRouter>
        </QueryClientProvider>,
      );
    };
    const options = (html: string) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options(draw(madeNovember2026))).toEqual(['2026-27', 'all']);
    expect(options(draw(null))).toEqual(['2026-27', '2025-26', '2024-25', 'all']);
  });
});
