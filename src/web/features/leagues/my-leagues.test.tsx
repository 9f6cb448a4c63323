// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn form in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { League, LeaguePosition } from '../../../contract/leagues';
import { STANDARD_SCORING } from '../../../contract/leagues';
import { CODE_INPUT_CLASS, CODE_PLACEHOLDER, JoinCodeForm } from './LeagueForms';
import { leaguesLink, leaguesOpening, myLeagueRows } from './my-leagues';

const league = (id: string, memberCount: number, isCreator = false): League => ({
  id,
  name: `League ${id}`,
  code: 'K7QX3M9P',
  description: null,
  competition: 'premier-league',
  privacy: 'private',
  isCreator,
  isMember: true,
  memberCount,
  createdAt: '2025-08-01T10:00:00.000Z',
  scoring: STANDARD_SCORING as League['scoring'],
  knockoutRule: 'ninety',
  qualifierPoints: 0,
});
const position = (leagueId: string, place: number, memberCount: number, points: number): LeaguePosition => ({
  leagueId,
  name: `League ${leagueId}`,
  position: place,
  memberCount,
  points,
  change: 'same',
});

describe('the Leagues screen’s address', () => {
  test('opens to join (the code field gets the cursor) or to create, from the dashboard and the invite page', () => {
    expect(leaguesLink()).toBe('/leagues');
    expect(leaguesLink('join')).toBe('/leagues?join=1');
    expect(leaguesLink('create')).toBe('/leagues?create=1');
    expect(leaguesOpening(new URLSearchParams('join=1'))).toBe('join');
    expect(leaguesOpening(new URLSearchParams('create=1'))).toBe('create');
    expect(leaguesOpening(new URLSearchParams(''))).toBeNull();
    expect(leaguesOpening(new URLSearchParams('join=0'))).toBeNull();
  });
});

describe('my leagues with my place in each', () => {
  test('in the list’s order, with the place the dashboard shows, and none where it is not known yet', () => {
    const rows = myLeagueRows(
      [league('a', 5, true), league('b', 1), league('c', 3)],
      [position('c', 1, 3, 12), position('a', 2, 5, 1)],
    );
    expect(rows.map((r) => [r.league.id, r.standing?.line ?? null])).toEqual([
      ['a', '2nd of 5 · 1 pt'],
      ['b', null],
      ['c', '1st of 3 · 12 pts'],
    ]);
    expect(myLeagueRows([league('a', 2)], undefined)[0]!.standing).toBeNull();
  });
});

describe('the join form', () => {
  const render = () =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <JoinCodeForm onJoined={() => undefined} />
      </QueryClientProvider>,
    );

  test('has a labelled code field, open at once, and no Cancel where there is nothing to close', () => {
    const html = render();
    expect(html).toContain('<label class="label" for="league-code">League Code</label>');
    expect(html).toMatch(/<input id="league-code"/);
    expect(html).not.toContain('Cancel');
  });

  test('shows typed letters upper-case but the example as written ("e.g.", not "E.G.")', () => {
    expect(CODE_PLACEHOLDER).toBe('e.g. K7QX3M9P');
    const classes = CODE_INPUT_CLASS.split(' ');
    expect(classes).toContain('uppercase');
    expect(classes).toContain('placeholder:normal-case');
    const html = render();
    expect(html).toContain('placeholder="e.g. K7QX3M9P"');
    expect(html).toContain(`class="${CODE_INPUT_CLASS}"`);
  });
});
