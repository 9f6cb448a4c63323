import { describe, expect, test } from 'vitest';
import { BUILTIN_SEASON_KEYS, builtinClubs, builtinSeason } from './builtin/index.js';
import { loadClubCatalogue, loadSeasonFile, matchesWithClubNames, type OwnSeasonFile } from './season-format.js';

describe('the club catalogue', () => {
  const { clubs } = builtinClubs();
  const byName = new Map(clubs.map((c) => [c.name, c]));

  test('101 clubs: every club of the built-in seasons, and no other; one club in every competition', () => {
    expect(clubs).toHaveLength(101);
    const used = new Set(BUILTIN_SEASON_KEYS.flatMap((k) => builtinSeason(k).clubs));
    expect(new Set(clubs.map((c) => c.key))).toEqual(used);
    // Arsenal FC (ENG) of the Champions League is the Premier League's Arsenal.
    for (const key of ['arsenal', 'chelsea', 'liverpool', 'manchester-city', 'newcastle-united', 'tottenham-hotspur']) {
      expect(builtinSeason('2025-26').clubs).toContain(key);
      expect(builtinSeason('champions-league-2025-26').clubs).toContain(key);
    }
    expect(builtinSeason('champions-league-2025-26').clubs).toHaveLength(36);
    expect(builtinSeason('world-cup-2026').clubs).toHaveLength(48);
  });

  test('names keep their accents; national teams have their FIFA codes', () => {
    expect(byName.get('FK Bodø/Glimt')).toMatchObject({ key: 'bodo-glimt', shortName: 'Bodø/Glimt', code: 'BOD' });
    expect(byName.get('Qarabağ Ağdam FK')).toMatchObject({ key: 'qarabag', shortName: 'Qarabağ' });
    expect(byName.get('FC Bayern München')).toMatchObject({ key: 'bayern-munchen', shortName: 'Bayern' });
    expect(byName.get('Curaçao')).toMatchObject({ key: 'curacao', code: 'CUW' });
    expect(byName.get('Spain')).toMatchObject({ key: 'spain', code: 'ESP' });
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
      'Argentina',
      'Atalanta',
      'Athletic',
      'Atlético',
      'Barcelona',
      'Bournemouth',
      'Brentford',
      'Brighton',
      'Club Brugge',
      'Crystal Palace',
      'Hull',
      'Inter',
      'Juventus',
      'Newcastle',
      'Olympiacos',
      'PSV',
      'Paraguay',
      'Sunderland',
    ]);
  });

  test('a broken catalogue is refused, saying what and where', () => {
    const good = builtinClubs();
    const twice = { ...good, clubs: [...good.clubs, { ...good.clubs[0]!, key: 'another' }] };
    expect(() => loadClubCatalogue(twice)).toThrow(/clubs\.101\.name: name "Arsenal FC" is used twice/);
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

describe('the competition format: stages, legs, extra time, offsets and teams not yet known', () => {
  const cl = builtinSeason('champions-league-2025-26');
  const wc = builtinSeason('world-cup-2026');
  const edit = (season: OwnSeasonFile, change: (s: OwnSeasonFile) => void): OwnSeasonFile => {
    const copy = structuredClone(season);
    change(copy);
    return copy;
  };
  const finalOf = (s: OwnSeasonFile) => s.matches.findIndex((m) => m.round === s.rounds.at(-1)!.round);

  test.each<[string, OwnSeasonFile, (s: OwnSeasonFile) => void, string]>([
    [
      'penalties without extra time',
      wc,
      (s) => Object.assign(s.matches[finalOf(s)]!, { extraTime: undefined, penalties: [4, 3] }),
      'penalties 4-3 without extraTime: a shoot-out comes after extra time',
    ],
    [
      'a kick-off without a zone where one is required',
      wc,
      (s) => delete s.matches[0]!.utcOffset,
      '2026-06-11 13:00 has no zone: the competition has no time zone, so each kick-off needs its utcOffset',
    ],
    [
      'a kick-off that is not the local time at its offset',
      wc,
      (s) => (s.matches[0]!.utcOffset = '-05:00'),
      '2026-06-11 13:00 at UTC-05:00 is 2026-06-11T18:00:00.000Z, not 2026-06-11T19:00:00.000Z',
    ],
    [
      'a team not yet known without its label',
      cl,
      (s) => (s.matches[finalOf(s)]!.home = null),
      'a team not yet known needs a homeLabel',
    ],
    [
      'a result before the teams are known',
      cl,
      (s) => Object.assign(s.matches[finalOf(s)]!, { home: null, homeLabel: 'N.N.', result: [1, 0] }),
      'a result needs both teams',
    ],
    [
      'extra time in the league phase',
      cl,
      (s) => (s.matches[0]!.extraTime = [1, 3]),
      'no extra time in the league-phase stage',
    ],
    [
      'fewer goals after extra time than after 90 minutes',
      wc,
      (s) => Object.assign(s.matches[finalOf(s)]!, { result: [1, 0], extraTime: [0, 0] }),
      'The score after extra time includes the goals of the 90 minutes',
    ],
    [
      'a round whose knockout flag contradicts its stage',
      cl,
      (s) => (s.rounds[0]!.knockout = true),
      'the league-phase stage is not a knockout',
    ],
  ])('refuses %s', (_, season, change, message) => {
    expect(() => loadSeasonFile(edit(season, change))).toThrow(message);
  });

  test('a match whose teams are not known yet: null teams with their labels, shown by label', () => {
    const open = edit(cl, (s) =>
      Object.assign(s.matches[finalOf(s)]!, { home: null, away: null, homeLabel: 'N.N.', awayLabel: 'N.N.' }),
    );
    const loaded = loadSeasonFile(open, builtinClubs());
    expect(matchesWithClubNames(loaded, builtinClubs()).at(-1)).toMatchObject({ homeName: 'N.N.', awayName: 'N.N.' });
  });

  test('a scoreline-season@1 file (league rounds only) still loads, as a league season', () => {
    const pl = builtinSeason('2026-27');
    const v1 = {
      ...structuredClone(pl),
      format: 'scoreline-season@1',
      rounds: pl.rounds.map(({ round, name }) => ({ round, name })),
    };
    const loaded = loadSeasonFile(v1, builtinClubs());
    expect(loaded.format).toBe('scoreline-season@2');
    expect(loaded.rounds[0]).toEqual({ round: 1, name: 'Matchday 1', stage: 'league', knockout: false });
    expect(loaded.matches).toEqual(pl.matches);
  });
});
