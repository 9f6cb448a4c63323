import { describe, expect, test } from 'vitest';
import { fixtureId } from '../../game/fixture-id.js';
import type { SeasonMatch } from '../../game/season.js';
import { builtinClubs } from './builtin/index.js';
import { applySyncPlan } from './sync-apply.js';
import { planSeasonSync, type SyncPlanOptions } from './sync-plan.js';
import type { AcceptedPlan, ExistingFixture, RefusedPlan, SyncPlan } from './sync-types.js';
import { builtinMatches, storedFrom } from './test-support.js';

// The planner on the real 2026/27 season against modified copies of its own file. "Today" is
// Monday 23 November 2026: Matchdays 1–11 have kicked off, Matchday 12 is on Saturday 28th.

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ARS = 'Arsenal FC';
const MCI = 'Manchester City FC';
const EVE = 'Everton FC';
const LIV = 'Liverpool FC';

const fileOf = builtinMatches;

const FILE = fileOf('2026-27');
const STORED = storedFrom(FILE);
const SHORT = new Map(builtinClubs().clubs.map((c) => [c.name, c.shortName]));
const feed: SyncPlanOptions = { now: NOW, source: 'feed' };

/** A copy of the file with some matches changed (by pair). */
function edited(edit: Record<string, (m: SeasonMatch) => SeasonMatch>, matches = FILE): SeasonMatch[] {
  return matches.map((m) => edit[`${m.home}|${m.away}`]?.(m) ?? m);
}
/** A copy of the stored season with some fixtures changed (by pair). */
function storedWith(edit: Record<string, (f: ExistingFixture) => ExistingFixture>, stored = STORED): ExistingFixture[] {
  return stored.map((f) => edit[`${f.homeTeam}|${f.awayTeam}`]?.(f) ?? f);
}
const pair = (home: string, away: string) => `${home}|${away}`;
const stored = (home: string, away: string) => STORED.find((f) => f.homeTeam === home && f.awayTeam === away)!;

function accepted(plan: SyncPlan): AcceptedPlan {
  if (!plan.ok) throw new Error(`Refused: ${plan.message}`);
  return plan;
}
function refused(plan: SyncPlan): RefusedPlan {
  if (plan.ok) throw new Error(`Accepted: ${plan.summary}`);
  expect(plan.message).toMatch(/Nothing was changed\.$/);
  return plan;
}
/** Apply, then plan the same file again: nothing left to do. */
function expectIdempotent(existing: ExistingFixture[], incoming: SeasonMatch[], opts: SyncPlanOptions): AcceptedPlan {
  const plan = accepted(planSeasonSync(existing, incoming, opts));
  const again = accepted(planSeasonSync(applySyncPlan(existing, plan, opts.now), incoming, opts));
  expect(again.changes).toEqual([]);
  expect(again.summary).toMatch(/^No changes/);
  return plan;
}

describe('the same file again', () => {
  test('changes nothing and says so', () => {
    const plan = accepted(planSeasonSync(STORED, FILE, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.missing).toEqual([]);
    expect(plan.counts).toMatchObject({ existing: 380, incoming: 380, matched: 380, unchanged: 380, results: 0 });
    expect(plan.summary).toBe('No changes.');
  });

  test('spacing and letter case in club names make no difference', () => {
    const shouty = FILE.map((m) => ({
      ...m,
      home: `  ${m.home.toUpperCase().replace(' ', '   ')}`,
      away: m.away.toLowerCase(),
    }));
    expect(accepted(planSeasonSync(STORED, shouty, feed)).changes).toEqual([]);
  });

  test('an empty season takes the whole file: derived ids, results of the played rounds', () => {
    const plan = expectIdempotent([], FILE, { now: NOW, source: 'file' });
    expect(plan.counts).toMatchObject({ added: 380, results: 20, matched: 0 });
    expect(plan.changes.map((c) => c.fixtureId)).toEqual(STORED.map((f) => f.id));
    const first = plan.changes[0]!;
    expect(first).toMatchObject({ kind: 'add', result: { homeScore: 3, awayScore: 0 }, source: 'file' });
    expect(first.description).toBe(
      'New fixture Arsenal FC v Coventry City FC, Matchday 1, Fri 21 Aug 20:00, result 3-0',
    );
  });
});

describe('kick-off changes keep the fixture (matched by club pair, not by date)', () => {
  const moved = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-29', time: '16:30' }) });

  test('a televised match moved to Sunday: same fixture, new kick-off in UTC from UK time', () => {
    const plan = expectIdempotent(STORED, moved, feed);
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]).toMatchObject({
      kind: 'schedule',
      what: 'moved',
      fixtureId: 'ArsenalFC_vs_ManchesterCityFC_2026-11-28',
      from: { kickoffAt: '2026-11-28T15:00:00.000Z', localDate: '2026-11-28', localTime: '15:00', postponed: false },
      to: { kickoffAt: '2026-11-29T16:30:00.000Z', localDate: '2026-11-29', localTime: '16:30', postponed: false },
      locksPredictions: false,
    });
    expect(plan.changes[0]!.description).toBe(
      'Arsenal FC v Manchester City FC moved from Sat 28 Nov 15:00 to Sun 29 Nov 16:30',
    );
    expect(plan.counts).toMatchObject({ moved: 1, unchanged: 379, locked: 0 });
    expect(plan.summary).toBe('1 moved.');
  });

  test('descriptions use the names the caller gives (short names)', () => {
    const plan = accepted(planSeasonSync(STORED, moved, { ...feed, clubLabel: (n) => SHORT.get(n) ?? n }));
    expect(plan.changes[0]!.description).toBe('Arsenal v Man City moved from Sat 28 Nov 15:00 to Sun 29 Nov 16:30');
  });

  test('British Summer Time is converted too', () => {
    const august = edited({ [pair(ARS, 'Coventry City FC')]: (m) => ({ ...m, time: '17:30' }) });
    const plan = accepted(planSeasonSync(STORED, august, feed));
    expect(plan.changes[0]).toMatchObject({ to: { kickoffAt: '2026-08-21T16:30:00.000Z' } });
  });

  test('moved after its deadline had passed: flagged to lock its predictions', () => {
    const matchday = new Date('2026-11-28T14:00:00.000Z'); // an hour before kick-off
    const plan = expectIdempotent(STORED, moved, { ...feed, now: matchday });
    expect(plan.changes[0]).toMatchObject({ kind: 'schedule', locksPredictions: true });
    expect(plan.changes[0]!.description).toMatch(/its deadline had passed, so its predictions stay closed$/);
    expect(plan.counts.locked).toBe(1);
    // One minute before the deadline it is not locked; an already locked fixture is not locked again.
    expect(
      accepted(planSeasonSync(STORED, moved, { ...feed, now: new Date('2026-11-28T12:59:00.000Z') })).changes[0],
    ).toMatchObject({ locksPredictions: false });
    const locked = storedWith({ [pair(ARS, MCI)]: (f) => ({ ...f, predictionsLockedAt: '2026-11-28T13:30:00.000Z' }) });
    expect(accepted(planSeasonSync(locked, moved, { ...feed, now: matchday })).changes[0]).toMatchObject({
      locksPredictions: false,
    });
  });

  test('postponed (no time in the file) and then rescheduled', () => {
    const postponed = edited({ [pair(EVE, LIV)]: (m) => ({ ...m, time: null, postponed: true }) });
    const plan = expectIdempotent(STORED, postponed, feed);
    expect(plan.changes).toEqual([
      expect.objectContaining({
        kind: 'schedule',
        what: 'postponed',
        fixtureId: stored(EVE, LIV).id,
        to: { kickoffAt: null, localDate: '2026-11-28', localTime: null, postponed: true },
      }),
    ]);
    expect(plan.changes[0]!.description).toBe('Everton FC v Liverpool FC postponed (was Sat 28 Nov 15:00)');

    const later = applySyncPlan(STORED, plan, NOW);
    const rescheduled = edited({ [pair(EVE, LIV)]: (m) => ({ ...m, date: '2027-01-20', time: '19:30' }) });
    const back = expectIdempotent(later, rescheduled, feed);
    expect(back.changes).toEqual([
      expect.objectContaining({
        what: 'rescheduled',
        fixtureId: stored(EVE, LIV).id,
        to: expect.objectContaining({ kickoffAt: '2027-01-20T19:30:00.000Z' }),
      }),
    ]);
    expect(back.changes[0]!.description).toBe(
      'Everton FC v Liverpool FC rescheduled for Wed 20 Jan 19:30 (was postponed)',
    );
  });

  test('a postponement the file has not caught up with (still on its original date) stands', () => {
    const adminPostponed = storedWith({
      [pair(EVE, LIV)]: (f) => ({ ...f, kickoffAt: null, localTime: null, postponed: 1 }),
    });
    const plan = accepted(planSeasonSync(adminPostponed, FILE, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      expect.objectContaining({ kind: 'postponement_kept', fixtureId: stored(EVE, LIV).id }),
    ]);
    expect(plan.skipped[0]!.description).toBe(
      'Everton FC v Liverpool FC stays postponed: the feed still has it on its original date (Sat 28 Nov 15:00)',
    );
    expect(plan.summary).toBe('No changes; 1 item held back.');
  });

  test('a played match is not sent into the future or postponed: held back and reported', () => {
    const md1 = stored(ARS, 'Coventry City FC');
    const future = edited({ [pair(ARS, 'Coventry City FC')]: (m) => ({ ...m, date: '2026-12-30', time: '20:00' }) });
    const plan = accepted(planSeasonSync(STORED, future, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([expect.objectContaining({ fixtureId: md1.id, kind: 'schedule_of_played_match' })]);
    expect(plan.skipped[0]!.description).toBe(
      'Arsenal FC v Coventry City FC has a final result, so its kick-off was kept (the feed says Wed 30 Dec 20:00)',
    );
    // A correction of when it was played (still in the past) is applied.
    const earlier = edited({ [pair(ARS, 'Coventry City FC')]: (m) => ({ ...m, time: '19:45' }) });
    expect(accepted(planSeasonSync(STORED, earlier, feed)).changes).toEqual([
      expect.objectContaining({ kind: 'schedule', what: 'moved', fixtureId: md1.id }),
    ]);
  });

  test('a match abandoned in play and postponed loses its provisional score', () => {
    const during = new Date('2026-11-28T15:40:00.000Z');
    const inPlay = storedWith({
      [pair(EVE, LIV)]: (f) => ({ ...f, result: { homeScore: 1, awayScore: 0, final: 0, source: 'admin' } }),
    });
    const postponed = edited({ [pair(EVE, LIV)]: (m) => ({ ...m, time: null, postponed: true }) });
    const plan = expectIdempotent(inPlay, postponed, { ...feed, now: during });
    expect(plan.changes[0]).toMatchObject({ what: 'postponed', dropsProvisionalScore: true, locksPredictions: true });
  });

  test('round changes, including a fixture stored without a round', () => {
    const wrongRound = storedWith({
      [pair(ARS, MCI)]: (f) => ({ ...f, gameweek: 13 }),
      [pair(EVE, LIV)]: (f) => ({ ...f, gameweek: null }),
    });
    const plan = expectIdempotent(wrongRound, FILE, feed);
    expect(plan.changes.map((c) => c.description)).toEqual([
      'Arsenal FC v Manchester City FC moved from Matchday 13 to Matchday 12',
      'Everton FC v Liverpool FC put in Matchday 12',
    ]);
    expect(plan.changes.every((c) => c.kind === 'round' && !c.scored)).toBe(true);
    // A scored match changing round says so: its points move between gameweek totals.
    const scoredWrong = storedWith({ [pair(ARS, 'Coventry City FC')]: (f) => ({ ...f, gameweek: 2 }) });
    expect(accepted(planSeasonSync(scoredWrong, FILE, feed)).changes).toEqual([
      expect.objectContaining({ kind: 'round', from: 2, to: 1, scored: true }),
    ]);
  });
});

describe('results', () => {
  /** The feed a day later: a score for every match that has kicked off (Matchdays 3–11). */
  const withResults = FILE.map((m, i) =>
    m.result || m.round > 11 ? m : { ...m, result: [i % 4, (i * 7) % 3] as [number, number] },
  );

  test('new final results for the matches played (and only those)', () => {
    const plan = expectIdempotent(STORED, withResults, feed);
    expect(plan.counts).toMatchObject({ results: 90, corrections: 0, conflicts: 0 });
    expect(
      plan.changes.every((c) => c.kind === 'result' && c.what === 'new' && c.source === 'feed' && c.from === null),
    ).toBe(true);
    const md3 = plan.changes[0]!;
    expect(md3.description).toMatch(/^Result \d-\d for .+ v .+$/);
    expect(plan.summary).toBe('90 results.');
  });

  test('a result for a match not yet kicked off is ignored, and reported', () => {
    const early = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, result: [2, 1] }) });
    const plan = accepted(planSeasonSync(STORED, early, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      expect.objectContaining({ kind: 'result_before_kickoff', fixtureId: stored(ARS, MCI).id }),
    ]);
    expect(plan.skipped[0]!.description).toBe(
      'Result 2-1 for Arsenal FC v Manchester City FC ignored: it has not kicked off (Sat 28 Nov 15:00)',
    );
    // After kick-off it is applied; with the seed's delay only once the match is over.
    const during = new Date('2026-11-28T15:30:00.000Z');
    expect(accepted(planSeasonSync(STORED, early, { ...feed, now: during })).changes).toEqual([
      expect.objectContaining({ kind: 'result', what: 'new' }),
    ]);
    expect(
      accepted(planSeasonSync(STORED, early, { ...feed, now: during, resultDelayMs: 3 * 3600_000 })).changes,
    ).toEqual([]);
  });

  test('a result counts only once the STORED kick-off has passed: a file moving the kick-off the other way does not make it played', () => {
    const during = new Date('2026-11-28T15:30:00.000Z');
    const later = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-12-20', time: '16:30', result: [2, 1] }) });
    const plan = accepted(planSeasonSync(STORED, later, { ...feed, now: during }));
    expect(plan.changes).toEqual([expect.objectContaining({ kind: 'schedule', fixtureId: stored(ARS, MCI).id })]);
    expect(plan.skipped).toEqual([expect.objectContaining({ kind: 'result_before_kickoff' })]);
  });
  test("an admin's result that disagrees is a conflict for the admin, never overwritten", () => {
    const md3 = FILE.find((m) => m.round === 3)!;
    const admin = storedWith({
      [pair(md3.home, md3.away)]: (f) => ({ ...f, result: { homeScore: 2, awayScore: 0, final: 1, source: 'admin' } }),
    });
    const feedSays = edited({ [pair(md3.home, md3.away)]: (m) => ({ ...m, result: [2, 1] }) });
    const plan = expectIdempotent(admin, feedSays, feed);
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([
      {
        fixtureId: fixtureId(md3.home, md3.away, md3.date),
        homeTeam: md3.home,
        awayTeam: md3.away,
        incoming: { homeScore: 2, awayScore: 1 },
        admin: { homeScore: 2, awayScore: 0 },
        source: 'feed',
        description: `Conflict on ${md3.home} v ${md3.away}: the feed says 2-1, the admin entered 2-0 (the admin's result stays)`,
      },
    ]);
    expect(plan.summary).toBe('No changes; 1 conflict for the admin.');
    // Still listed on the next run (the admin settles it).
    expect(accepted(planSeasonSync(applySyncPlan(admin, plan, NOW), feedSays, feed)).conflicts).toHaveLength(1);
  });

  test("an admin's result that agrees: nothing to do", () => {
    const played = FILE.find((m) => m.result)!;
    const admin = storedWith({
      [pair(played.home, played.away)]: (f) => ({ ...f, result: { ...f.result!, source: 'admin' } }),
    });
    const plan = accepted(planSeasonSync(admin, FILE, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([]);
  });

  test('a feed (or file) result that changed is a correction, applied', () => {
    const [a, b] = FILE.filter((m) => m.result);
    const earlier = storedWith({
      [pair(a!.home, a!.away)]: (f) => ({ ...f, result: { homeScore: 9, awayScore: 9, final: 1, source: 'feed' } }),
      [pair(b!.home, b!.away)]: (f) => ({ ...f, result: { homeScore: 0, awayScore: 0, final: 1, source: 'file' } }),
    });
    const plan = expectIdempotent(earlier, FILE, feed);
    expect(plan.changes).toEqual([
      expect.objectContaining({
        kind: 'result',
        what: 'correction',
        fixtureId: stored(a!.home, a!.away).id,
        to: { homeScore: 3, awayScore: 0 },
        source: 'feed',
      }),
      expect.objectContaining({
        kind: 'result',
        what: 'correction',
        fixtureId: stored(b!.home, b!.away).id,
        from: expect.objectContaining({ source: 'file' }),
      }),
    ]);
    expect(plan.changes[0]!.description).toBe('Result of Arsenal FC v Coventry City FC corrected from 9-9 to 3-0');
    expect(plan.summary).toBe('2 corrections.');
  });

  test('a provisional in-play score (any source) is replaced by the final result', () => {
    const played = FILE.find((m) => m.result)!;
    const inPlay = storedWith({
      [pair(played.home, played.away)]: (f) => ({
        ...f,
        result: { homeScore: 1, awayScore: 0, final: 0, source: 'admin' },
      }),
    });
    const plan = expectIdempotent(inPlay, FILE, feed);
    expect(plan.changes).toEqual([
      expect.objectContaining({ kind: 'result', what: 'final', to: { homeScore: 3, awayScore: 0 } }),
    ]);
    expect(plan.changes[0]!.description).toBe('Final result 3-0 for Arsenal FC v Coventry City FC (was 1-0 in play)');
  });

  test('a result the file no longer has is kept (nothing is ever deleted)', () => {
    const withdrawn = FILE.map((m) => ({ ...m, result: undefined }));
    expect(accepted(planSeasonSync(STORED, withdrawn, feed)).changes).toEqual([]);
  });
});

describe('fixtures only on one side', () => {
  test('a fixture missing from the file is reported and kept; one missing from the season is added', () => {
    const rest = FILE.slice(1);
    const plan = accepted(planSeasonSync(STORED, rest, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.missing).toEqual([expect.objectContaining({ fixtureId: STORED[0]!.id, gameweek: 1 })]);
    expect(plan.missing[0]!.description).toBe('Arsenal FC v Coventry City FC (Matchday 1) is not in the feed; kept');
    expect(plan.summary).toBe('No changes; 1 fixture not in the feed (kept).');

    const added = expectIdempotent(STORED.slice(1), FILE, feed);
    expect(added.changes).toEqual([
      expect.objectContaining({
        kind: 'add',
        fixtureId: STORED[0]!.id,
        fixture: expect.objectContaining({ gameweek: 1, kickoffAt: '2026-08-21T19:00:00.000Z' }),
        result: { homeScore: 3, awayScore: 0 },
      }),
    ]);
  });

  test('an added fixture whose derived id is taken gets a unique one', () => {
    // Another fixture of the season already carries the id an import of Arsenal v Coventry would have.
    const season = STORED.slice(1).map((f) => (f === STORED[5] ? { ...f, id: STORED[0]!.id } : f));
    const plan = expectIdempotent(season, FILE, feed);
    expect(plan.changes).toEqual([
      expect.objectContaining({ kind: 'add', homeTeam: ARS, fixtureId: `${STORED[0]!.id}_2` }),
    ]);
  });

  test('an old admin-made duplicate of a pair: the file matches the imported one, the other is left alone', () => {
    const twin: ExistingFixture = {
      ...stored(ARS, MCI),
      id: 'a1b2c3',
      localDate: '2026-11-27',
      kickoffAt: '2026-11-27T20:00:00.000Z',
      localTime: '20:00',
    };
    const plan = expectIdempotent([twin, ...STORED], FILE, feed);
    expect(plan.changes).toEqual([]);
    expect(plan.duplicates).toEqual([expect.objectContaining({ fixtureId: 'a1b2c3', matchedTo: stored(ARS, MCI).id })]);
    expect(plan.missing).toEqual([]);
  });
});

describe('files that are not this season, whole and sound, change nothing', () => {
  test('a partial file (a feed that returned half the season)', () => {
    const plan = refused(planSeasonSync(STORED, FILE.slice(0, 190), feed));
    expect(plan.reason).toBe('partial');
    expect(plan.message).toBe(
      "The file has only 190 of this season's 380 fixtures (50%; at least 90% needed): it looks cut short. Nothing was changed.",
    );
    expect(plan.counts).toEqual({ existing: 380, incoming: 190, matched: 190 });
    // Just under the threshold is refused, at it accepted.
    expect(refused(planSeasonSync(STORED, FILE.slice(0, 341), feed)).reason).toBe('partial');
    expect(accepted(planSeasonSync(STORED, FILE.slice(0, 342), feed)).counts.missing).toBe(38);
  });

  test('a file of another season (2025/26): clubs not in this season', () => {
    const plan = refused(planSeasonSync(STORED, fileOf('2025-26'), feed));
    expect(plan.reason).toBe('unknown_clubs');
    expect(plan.message).toBe(
      'The file names 3 clubs that are not in this season: Burnley FC, West Ham United FC, Wolverhampton Wanderers FC. Nothing was changed.',
    );
  });

  test('another competition: most clubs unknown', () => {
    const other = FILE.map((m) => ({ ...m, home: `${m.home} B`, away: `${m.away} B` }));
    const plan = refused(planSeasonSync(STORED, other, feed));
    expect(plan.reason).toBe('unknown_clubs');
    expect(plan.message).toMatch(
      /^20 of the 20 clubs in the file are not in this season \(.+ and 15 more\): it looks like another competition\. Nothing was changed\.$/,
    );
  });

  test('the same clubs a year earlier: every pair matches, every date is a year off', () => {
    const yearEarlier = FILE.map((m) => ({
      ...m,
      date: new Date(Date.parse(`${m.date}T00:00:00Z`) - 364 * 86400_000).toISOString().slice(0, 10),
    }));
    const plan = refused(planSeasonSync(STORED, yearEarlier, feed));
    expect(plan.reason).toBe('different_season');
    expect(plan.message).toBe(
      "The file's dates are typically 364 days before this season's: it looks like another season of the same clubs. Nothing was changed.",
    );
  });

  test('a full-size file that covers too little of the season', () => {
    // The season holds 100 fixtures of the file and 300 of clubs the file does not have.
    const others = STORED.slice(0, 300).map((f, i) => ({ ...f, id: `old-${i}`, homeTeam: `${f.homeTeam} Reserves` }));
    const plan = refused(
      planSeasonSync([...STORED.slice(0, 100), ...others], FILE, {
        ...feed,
        clubs: [...new Set(FILE.map((m) => m.home))],
      }),
    );
    expect(plan.reason).toBe('different_season');
    expect(plan.message).toBe(
      "Only 100 of this season's 400 fixtures are in the file (25%; at least 90% needed), although it has 380 matches: it looks like another season. Nothing was changed.",
    );
  });

  test('a duplicated pair', () => {
    // The return match (City at home) spelt the wrong way round: the same pair twice, no club twice in a round.
    const dup = edited({ [pair(MCI, ARS)]: (m) => ({ ...m, home: ARS, away: MCI }) });
    const plan = refused(planSeasonSync(STORED, dup, feed));
    expect(plan.reason).toBe('structure');
    expect(plan.message).toMatch(
      /^The file is not a sound league season: .*Arsenal FC v Manchester City FC appears twice \(also Matchday 12\)\. Nothing was changed\.$/,
    );
  });

  test('a club twice in a round', () => {
    const twice = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, round: 13 }) });
    const plan = refused(planSeasonSync(STORED, twice, feed));
    expect(plan.reason).toBe('structure');
    expect(plan.message).toMatch(/plays twice in Matchday 13/);
  });

  test('an empty file, and unreadable values', () => {
    expect(refused(planSeasonSync(STORED, [], feed)).reason).toBe('empty');
    expect(
      refused(planSeasonSync(STORED, edited({ [pair(ARS, MCI)]: (m) => ({ ...m, time: '25:00' }) }), feed)).message,
    ).toBe(
      `Match ${FILE.findIndex((m) => m.home === ARS && m.away === MCI) + 1} (Arsenal FC v Manchester City FC): no valid time. Nothing was changed.`,
    );
    expect(
      refused(planSeasonSync(STORED, edited({ [pair(ARS, MCI)]: (m) => ({ ...m, result: [100, 0] }) }), feed)).reason,
    ).toBe('structure');
  });

  test('a new season (nothing stored) accepts any clubs unless the season names them', () => {
    expect(accepted(planSeasonSync([], fileOf('2025-26'), feed)).counts.added).toBe(380);
    expect(
      refused(planSeasonSync([], fileOf('2025-26'), { ...feed, clubs: [...new Set(FILE.map((m) => m.home))] })).reason,
    ).toBe('unknown_clubs');
  });
});

describe('everything at once', () => {
  test('moved, postponed, results, a correction, a conflict and a new fixture; then nothing', () => {
    const [first, ...rest] = STORED;
    const season = storedWith(
      {
        [pair(FILE[1]!.home, FILE[1]!.away)]: (f) => ({
          ...f,
          result: { homeScore: 0, awayScore: 0, final: 1, source: 'feed' },
        }),
        [pair(FILE[2]!.home, FILE[2]!.away)]: (f) => ({
          ...f,
          result: { homeScore: 5, awayScore: 5, final: 1, source: 'admin' },
        }),
      },
      rest,
    );
    const incoming = edited({
      [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-29', time: '16:30' }),
      [pair(EVE, LIV)]: (m) => ({ ...m, time: null, postponed: true }),
      [pair(FILE[30]!.home, FILE[30]!.away)]: (m) => ({ ...m, result: [1, 1] }),
    });
    const plan = expectIdempotent(season, incoming, feed);
    expect(plan.changes.map((c) => c.kind)).toEqual(['add', 'schedule', 'schedule', 'result', 'result']);
    expect(plan.counts).toMatchObject({
      added: 1,
      moved: 1,
      postponed: 1,
      results: 3,
      corrections: 1,
      conflicts: 1,
      unchanged: 375,
    });
    expect(plan.summary).toBe(
      '1 new fixture, 1 moved, 1 postponed, 2 results, 1 correction; 1 conflict for the admin.',
    );
    expect(first!.id).toBe(plan.changes[0]!.fixtureId);
  });
});

describe('a file never decides the future (decision 0100)', () => {
  const id = stored(ARS, MCI).id;
  /** The attack: Saturday's match moved to last Sunday with a score. */
  const intoThePast = edited({
    [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-22', time: '16:30', result: [4, 0] }),
  });

  test('an unplayed match moved into the past with a result: nothing applied, the move and its result held for the admin', () => {
    const plan = accepted(planSeasonSync(STORED, intoThePast, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([]);
    expect(plan.held).toEqual([
      {
        fixtureId: id,
        homeTeam: ARS,
        awayTeam: MCI,
        what: 'moved',
        from: { kickoffAt: '2026-11-28T15:00:00.000Z', localDate: '2026-11-28', localTime: '15:00', postponed: false },
        to: { kickoffAt: '2026-11-22T16:30:00.000Z', localDate: '2026-11-22', localTime: '16:30', postponed: false },
        result: { homeScore: 4, awayScore: 0 },
        source: 'feed',
        description:
          "Arsenal FC v Manchester City FC: the feed moves it from Sat 28 Nov 15:00 to Sun 22 Nov 16:30 with a result of 4-0, past its deadline before it has been played; it waits for the admin's confirmation",
      },
    ]);
    expect(plan.counts).toMatchObject({ held: 1, moved: 0, results: 0 });
    expect(plan.summary).toBe("No changes; 1 move waiting for the admin's confirmation.");
    // The same file again holds it again (nothing was applied), and without a score too.
    expect(accepted(planSeasonSync(applySyncPlan(STORED, plan, NOW), intoThePast, feed)).held).toHaveLength(1);
    const noScore = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-22', time: '16:30' }) });
    expect(accepted(planSeasonSync(STORED, noScore, feed)).held).toEqual([
      expect.objectContaining({ fixtureId: id, result: null }),
    ]);
  });

  test('a move closer than its deadline is held; one that leaves the deadline ahead is applied', () => {
    // NOW is 12:00 on Monday 23rd: 13:30 today is inside the 2-hour deadline, 14:30 is not.
    const close = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-23', time: '13:30' }) });
    expect(accepted(planSeasonSync(STORED, close, feed))).toMatchObject({ changes: [], held: [{ fixtureId: id }] });
    const clear = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-23', time: '14:30' }) });
    expect(accepted(planSeasonSync(STORED, clear, feed))).toMatchObject({
      changes: [{ kind: 'schedule', fixtureId: id }],
      held: [],
    });
  });

  test('a postponed match given a past date and a score is held too', () => {
    const postponed = storedWith({
      [pair(ARS, MCI)]: (f) => ({ ...f, kickoffAt: null, localTime: null, postponed: 1 }),
    });
    const plan = accepted(planSeasonSync(postponed, intoThePast, feed));
    expect(plan.changes).toEqual([]);
    expect(plan.held).toEqual([
      expect.objectContaining({ what: 'rescheduled', result: { homeScore: 4, awayScore: 0 } }),
    ]);
    expect(plan.held[0]!.description).toMatch(/moves it from postponed to Sun 22 Nov 16:30 with a result of 4-0/);
  });

  test('once the stored kick-off has passed, the move and the result apply as any other', () => {
    const after = new Date('2026-11-28T18:00:00.000Z');
    const plan = expectIdempotent(STORED, intoThePast, { ...feed, now: after });
    expect(plan.held).toEqual([]);
    expect(plan.changes.map((c) => `${c.kind}:${c.fixtureId}`)).toEqual([`schedule:${id}`, `result:${id}`]);
  });

  test('a move the admin rejected is not proposed again while the file says the same; another move is', () => {
    const held = accepted(planSeasonSync(STORED, intoThePast, feed)).held[0]!;
    const opts = { ...feed, rejectedMoves: [{ fixtureId: id, to: held.to }] };
    const plan = accepted(planSeasonSync(STORED, intoThePast, opts));
    expect(plan).toMatchObject({ changes: [], held: [] });
    // Its score is judged by the stored kick-off, still to come: ignored.
    expect(plan.skipped).toEqual([
      expect.objectContaining({ fixtureId: id, kind: 'move_rejected' }),
      expect.objectContaining({ fixtureId: id, kind: 'result_before_kickoff' }),
    ]);
    expect(plan.skipped[0]!.description).toBe(
      'Arsenal FC v Manchester City FC stays where it is: the admin rejected the move to Sun 22 Nov 16:30 that the feed still proposes',
    );
    const other = edited({ [pair(ARS, MCI)]: (m) => ({ ...m, date: '2026-11-21', time: '12:30', result: [4, 0] }) });
    expect(accepted(planSeasonSync(STORED, other, opts)).held).toEqual([expect.objectContaining({ fixtureId: id })]);
  });
});
