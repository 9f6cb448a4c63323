// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn panel in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { Outlook, OutlookRow } from '../../../contract/honours';
import { OutlookView } from './OutlookPanel';
import { overallOutlookLine } from './OverallOutlookLine';
import { chanceBadge, ifItStaysLine, monthLabel, ordinal, outlookHeadline, winnersLine } from './outlook-text';

const row = (over: Partial<OutlookRow>): OutlookRow => ({
  userId: 'u',
  name: 'Ann',
  points: 10,
  availableSeason: 30,
  availableGameweek: 9,
  chance: 'can-win',
  ifItStays: null,
  ifItStaysRank: null,
  isViewer: false,
  ...over,
});
const outlook = (rows: OutlookRow[], over: Partial<Outlook> = {}): Outlook => ({
  leagueId: 'l',
  season: '2025-26',
  gameweek: 5,
  matchesLeft: 12,
  decided: false,
  scoredInPlay: 0,
  rows,
  ...over,
});

test('the headline counts who can still finish first, or names the champions', () => {
  const open = outlook([row({ userId: 'a' }), row({ userId: 'b', chance: 'out' }), row({ userId: 'c' })]);
  expect(outlookHeadline(open)).toBe('2 of 3 members can still finish first · 12 matches left.');
  const caught = outlook([row({ name: 'Ann', chance: 'champion' }), row({ name: 'Bob', chance: 'out' })]);
  expect(outlookHeadline(caught)).toBe('Ann wins the title: nobody can catch them now.');
  const shared = outlook([row({ name: 'Ann', chance: 'champion' }), row({ name: 'Bob', chance: 'champion' })], {
    decided: true,
    matchesLeft: 0,
  });
  expect(outlookHeadline(shared)).toBe('Ann and Bob share the title.');
  expect(outlookHeadline(outlook([row({ chance: 'out' })], { decided: true }))).toMatch(/nobody takes the title/);
});

test('badges, the "if it stays like this" line and the words of honours', () => {
  expect(chanceBadge('champion', true).label).toBe('Champion');
  expect(chanceBadge('champion', false).label).toBe('Champion: cannot be caught');
  expect(chanceBadge('out', false).label).toBe('Out of it');
  expect(ifItStaysLine(row({}))).toBeNull();
  expect(ifItStaysLine(row({ ifItStays: 21, ifItStaysRank: 2 }))).toBe(
    'If it stays like this you will be 2nd on 21 points.',
  );
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '101st',
  ]);
  expect(monthLabel('2025-08')).toBe('August 2025');
  expect(
    winnersLine({
      points: 12,
      winners: [
        { userId: 'a', name: 'Ann' },
        { userId: 'b', name: 'Bob' },
      ],
    }),
  ).toBe('Ann and Bob (12 pts each)');
});

test('the panel draws each member with what is still available and their badge', () => {
  const html = renderToStaticMarkup(
    <OutlookView
      outlook={outlook([
        row({
          userId: 'a',
          name: 'Ann',
          points: 40,
          availableSeason: 30,
          isViewer: true,
          ifItStays: 44,
          ifItStaysRank: 1,
        }),
        row({ userId: 'b', name: 'Bob', points: 5, availableSeason: 30, chance: 'out' }),
      ])}
    />,
  );
  expect(html).toContain('What can still happen');
  expect(html).toContain('+30');
  expect(html).toContain('GW 5');
  expect(html).toContain('Can still win');
  expect(html).toContain('Out of it');
  expect(html).toContain('If it stays like this you will be 1st on 44 points.');
});

test('the overall leaderboard line says how many points are left and whether they reach the leader', () => {
  const o = {
    season: '2025-26',
    gameweek: 5,
    matchesLeft: 30,
    leaderPoints: 60,
    anyoneCanAdd: 99,
    viewer: { points: 40, availableSeason: 30, availableGameweek: 9, chance: 'can-win' as const },
  };
  expect(overallOutlookLine(o)).toBe(
    'You can still score up to 30 more points this season (+9 in Gameweek 5): enough to reach the leader’s 60.',
  );
  expect(overallOutlookLine({ ...o, viewer: { ...o.viewer, chance: 'out' } })).toMatch(/no longer enough/);
  expect(overallOutlookLine({ ...o, matchesLeft: 0 })).toBeNull();
});
