import { describe, expect, test } from 'vitest';
import { builtinClubs, builtinSeason } from './builtin/index.js';
import { loadClubCatalogue, loadSeasonFile, matchesWithClubNames, type OwnSeasonFile } from './season-format.js';

describe('the club catalogue', () => {
  const { clubs } = builtinClubs();
  const byName = new Map(clubs.map((c) => [c.name, c]));

  test('23 clubs: every club of both built-in seasons, and no other', () => {
    expect(clubs).toHaveLength(23);
    const used = new Set([...builtinSeason('2025-26').clubs, ...builtinSeason('2026-27').clubs]);
    expect(new Set(clubs.map((c) => c.key))).toEqual(used);
  });

  test('the three new clubs of 2026/27, with the colours and phone-friendly names', () => {
    expect(byName.get('Coventry City FC')).toEqual({
      key: 'coventry-city',
      name: 'Coventry City FC',
      shortName: 'Coventry',
      code: 'COV',
      primary: '#5BC2E7',
      secondary: '#FFFFFF',
      badge: 'plain',
    });
    expect(byName.get('Hull City AFC')).toEqual({
      key: 'hull-city',
      name: 'Hull City AFC',
      shortName: 'Hull',
      code: 'HUL',
      primary: '#F5A12D',
      secondary: '#000000',
      badge: 'stripes',
    });
    expect(byName.get('Ipswich Town FC')).toEqual({
      key: 'ipswich-town',
      name: 'Ipswich Town FC',
      shortName: 'Ipswich',
      code: 'IPS',
      primary: '#0044A9',
      secondary: '#FFFFFF',
      badge: 'plain',
    });
    expect(['Man City', 'Spurs', "Nott'm Forest"].every((s) => clubs.some((c) => c.shortName === s))).toBe(true);
  });

  test('badge patterns follow the shirts: striped clubs have stripes', () => {
    const striped = clubs
      .filter((c) => c.badge === 'stripes')
      .map((c) => c.shortName)
      .sort();
    expect(striped).toEqual([
      'Bournemouth',
      'Brentford',
      'Brighton',
      'Crystal Palace',
      'Hull',
      'Newcastle',
      'Sunderland',
    ]);
  });

  test('a broken catalogue is refused, saying what and where', () => {
    const good = builtinClubs();
    const twice = { ...good, clubs: [...good.clubs, { ...good.clubs[0]!, key: 'another' }] };
    expect(() => loadClubCatalogue(twice)).toThrow(/clubs\.23\.name: name "Arsenal FC" is used twice/);
    const badColour = { ...good, clubs: [{ ...good.clubs[0]!, primary: 'red' }] };
    expect(() => loadClubCatalogue(badColour)).toThrow(/clubs\.0\.primary: a colour is #RRGGBB/);
    const badBadge = { ...good, clubs: [{ ...good.clubs[0]!, badge: 'checks' }] };
    expect(() => loadClubCatalogue(badBadge)).toThrow(/clubs\.0\.badge/);
    expect(() => loadClubCatalogue({ ...good, format: 'other' })).toThrow(/format/);
  });
});

describe('the season file format', () => {
  const season = builtinSeason('2026-27');
  const edit = (change: (s: OwnSeasonFile) => void): OwnSeasonFile => {
    const copy = structuredClone(season);
    change(copy);
    return copy;
  };

  test('the built-in files load: competition, season, clubs, rounds and matches', () => {
    expect(season.competition).toEqual({ key: 'premier-league', name: 'Premier League', timeZone: 'Europe/London' });
    expect(season.season).toEqual({ key: '2026-27', label: '2026/27', title: 'English Premier League 2026/27' });
    expect(season.clubs).toHaveLength(20);
    expect(season.rounds).toHaveLength(38);
    expect(season.rounds[11]).toEqual({ round: 12, name: 'Matchday 12', stage: 'league', knockout: false });
    expect(season.matches[0]).toEqual({
      round: 1,
      date: '2026-08-21',
      time: '20:00',
      kickoffAt: '2026-08-21T19:00:00.000Z',
      home: 'arsenal',
      away: 'coventry-city',
      result: [3, 0],
    });
  });

  test.each<[string, (s: OwnSeasonFile) => void, RegExp]>([
    [
      'a club not in the season',
      (s) => (s.matches[0]!.home = 'burnley'),
      /matches\.0\.home: "burnley" is not one of the season's clubs/,
    ],
    [
      'a kick-off that is not the local time in the zone',
      (s) => (s.matches[0]!.kickoffAt = '2026-08-21T20:00:00.000Z'),
      /2026-08-21 20:00 in Europe\/London is 2026-08-21T19:00:00.000Z/,
    ],
    [
      'a match without a time that is not postponed',
      (s) => Object.assign(s.matches[0]!, { time: null, kickoffAt: null }),
      /a match without a time is postponed/,
    ],
    ['a round that is not listed', (s) => (s.matches[0]!.round = 39), /round 39 is not in the rounds list/],
    ['a club playing twice in a round', (s) => (s.matches[1]!.home = 'arsenal'), /arsenal plays twice in Matchday 1/],
    ['an unknown time zone', (s) => (s.competition.timeZone = 'Mars/Olympus'), /unknown time zone "Mars\/Olympus"/],
    ['an unknown field', (s) => Object.assign(s, { extra: 1 }), /extra/],
  ])('refuses %s', (_, change, message) => {
    expect(() => loadSeasonFile(edit(change))).toThrow(message);
  });

  test('every club must be in the catalogue', () => {
    const catalogue = { ...builtinClubs(), clubs: builtinClubs().clubs.filter((c) => c.key !== 'hull-city') };
    expect(() => loadSeasonFile(season, catalogue)).toThrow(
      'The season file names clubs missing from the catalogue: hull-city',
    );
  });

  test('matches with the clubs’ full names, as fixtures store them', () => {
    const [first] = matchesWithClubNames(season, builtinClubs());
    expect(first).toMatchObject({ homeName: 'Arsenal FC', awayName: 'Coventry City FC' });
  });
});
