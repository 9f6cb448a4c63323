// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn card in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import type { Fixture } from '../../../contract/fixtures';
import { TEAMS_NOT_KNOWN_MESSAGE, type BoardMatch } from '../../../contract/predictions';
import { MatchCard } from './MatchCard';

// How everyone picked is its own panel with its own store (drawn only in a browser): not what is read here.
vi.mock('../pick-shares/PickSharesPanel', () => ({ PickSharesPanel: () => null }));

const NOW = new Date('2026-07-01T12:00:00.000Z');

const fixture = (over: Partial<Fixture>): Fixture => ({
  id: 'm',
  seasonId: 'world-cup-2026',
  homeTeam: 'Spain',
  awayTeam: 'Argentina',
  kickoffAt: '2026-07-19T19:00:00.000Z',
  localDate: '2026-07-19',
  localTime: '15:00',
  gameweek: 23,
  league: 'FIFA World Cup',
  status: 'upcoming',
  result: null,
  stage: 'final',
  group: null,
  leg: null,
  homeLabel: null,
  awayLabel: null,
  ...over,
});

const card = (f: Fixture, readOnly = false) => {
  const match: BoardMatch = { fixture: f, deadline: '2026-07-19T17:00:00.000Z', window: 'open', prediction: null };
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MatchCard match={match} colours={false} now={NOW} readOnly={readOnly} onPredict={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('a knockout match on the board', () => {
  test('names its competition and round', () => {
    const html = card(fixture({ stage: 'quarter-finals', leg: 2, league: 'UEFA Champions League' }));
    expect(html).toContain('UEFA Champions League');
    expect(html).toContain('Quarter-finals · 2nd leg');
    expect(card(fixture({ stage: 'group', group: 'Group A' }))).toContain('Group A');
  });

  test('a match whose teams are not known shows its placeholders and no score inputs, and says why', () => {
    const html = card(
      fixture({
        homeTeam: 'Winner Group A',
        awayTeam: 'Runner-up Group B',
        homeLabel: 'Winner Group A',
        awayLabel: 'Runner-up Group B',
        stage: 'round-of-32',
      }),
    );
    expect(html).toContain('Winner Group A');
    expect(html).toContain('Runner-up Group B');
    expect(html).toContain(TEAMS_NOT_KNOWN_MESSAGE);
    expect(html).not.toContain('<input');
    expect(html).not.toContain('>Predict<');
    expect(html).toContain('data-state="teams-not-known"');
    // The same match with its teams known takes a pick.
    const known = card(fixture({}));
    expect(known).toContain('<input');
    expect(known).not.toContain(TEAMS_NOT_KNOWN_MESSAGE);
  });

  test('a result after extra time and penalties, with the 90-minute score noted', () => {
    const played = (result: Fixture['result']) =>
      card(fixture({ status: 'finished', kickoffAt: '2026-06-19T19:00:00.000Z', result }), true);
    const aet = played({ homeScore: 0, awayScore: 0, final: true, extraTime: { homeScore: 1, awayScore: 0 } });
    // The score large and "a.e.t." under it: one text for anything that reads it.
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    expect(text(aet)).toContain('1-0 a.e.t.');
    expect(aet).toContain('0-0 after 90 minutes');
    expect(aet).toContain('aria-label="Result 1-0 after extra time, 0-0 after 90 minutes"');
    const pens = played({
      homeScore: 1,
      awayScore: 1,
      final: true,
      extraTime: { homeScore: 1, awayScore: 1 },
      penalties: { homeScore: 4, awayScore: 3 },
    });
    expect(text(pens)).toContain('1-1 a.e.t., 4-3 pens');
    // A result without extra time reads as it always did.
    expect(played({ homeScore: 2, awayScore: 1, final: true })).toContain('>2 - 1<');
  });
});
