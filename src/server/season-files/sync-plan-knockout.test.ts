import { describe, expect, test } from 'vitest';
import { fixtureId } from '../../game/fixture-id.js';
import { zonedToUtc } from '../../game/time.js';
import { mergeWithSnapshot, snapshotOf } from './sync-merge.js';
import { isKnockoutSeason, matchStored, pairKey, planSeasonSync, type IncomingMatch } from './sync-plan.js';
import type { AcceptedPlan, ExistingFixture, SyncPlan } from './sync-types.js';

// The planner on a competition's season, where a pair may meet twice: in the league phase and
// again in a knockout round. Small hand-made seasons; the full built-in files go through the real
// app in src/server/features/feed/competition-feed.test.ts.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const A = 'Arsenal FC';
const B = 'FC Barcelona';
const C = 'Chelsea FC';
const D = 'Inter';

function fixture(
  home: string,
  away: string,
  date: string,
  stage: string,
  round: number,
  result?: [number, number],
): ExistingFixture {
  return {
    id: fixtureId(home, away, date),
    homeTeam: home,
    awayTeam: away,
    kickoffAt: zonedToUtc(date, '21:00', 'Europe/Paris'),
    localDate: date,
    localTime: '21:00',
    gameweek: round,
    postponed: 0,
    predictionsLockedAt: null,
    stage,
    result: result ? { homeScore: result[0], awayScore: result[1], final: 1, source: 'file' } : null,
  };
}
const match = (f: ExistingFixture, over: Partial<IncomingMatch> = {}): IncomingMatch => ({
  round: f.gameweek!,
  date: f.localDate,
  time: f.localTime,
  home: f.homeTeam,
  away: f.awayTeam,
  stage: f.stage as IncomingMatch['stage'],
  ...(f.result ? { result: [f.result.homeScore, f.result.awayScore] as [number, number] } : {}),
  ...over,
});

// A v B in the league phase (played) and again in the round of 16 (first leg); their second leg B v A.
const LEAGUE = fixture(A, B, '2025-10-01', 'league-phase', 2, [1, 0]);
const OTHER = fixture(C, D, '2025-10-01', 'league-phase', 2, [2, 2]);
const LEG1 = { ...fixture(A, B, '2026-03-10', 'round-of-16', 11), leg: 1 };
const LEG2 = { ...fixture(B, A, '2026-03-17', 'round-of-16', 12), leg: 2 };
const STORED = [LEAGUE, OTHER, LEG1, LEG2];
const opts = { now: NOW, source: 'feed' as const, timeZone: 'Europe/Paris', knockout: true };

function accepted(plan: SyncPlan): AcceptedPlan {
  if (!plan.ok) throw new Error(`Refused: ${plan.message}`);
  return plan;
}

describe('a knockout season', () => {
  test('its own file changes nothing, though a pair meets twice', () => {
    const plan = accepted(
      planSeasonSync(
        STORED,
        STORED.map((f) => match(f)),
        opts,
      ),
    );
    expect(plan.changes).toEqual([]);
    expect(plan.counts).toMatchObject({ matched: 4, missing: 0, duplicates: 0, unchanged: 4 });
  });

  test('unsaid, the stored stages make it one (a re-import of the season file too)', () => {
    const plan = accepted(
      planSeasonSync(
        STORED,
        STORED.map((f) => match(f)),
        { now: NOW, source: 'file', timeZone: 'Europe/Paris' },
      ),
    );
    expect(plan.changes).toEqual([]);
  });

  test('the same pair twice is refused as a league file (a league season keeps its rule)', () => {
    const plan = planSeasonSync(
      STORED,
      STORED.map((f) => match(f)),
      { ...opts, knockout: false },
    );
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.message).toMatch(/appears twice/);
  });

  test("the knockout match's result lands on the knockout match", () => {
    const file = STORED.map((f) => (f === LEG1 ? match(f, { result: [3, 2] }) : match(f)));
    const plan = accepted(planSeasonSync(STORED, file, opts));
    expect(plan.changes).toEqual([
      expect.objectContaining({ kind: 'result', fixtureId: LEG1.id, to: { homeScore: 3, awayScore: 2 } }),
    ]);
  });

  test('a moved knockout match (its id no longer the derived one) is found by its stage; the file round does not move it', () => {
    const moved = { ...LEG1, localDate: '2026-03-11', kickoffAt: zonedToUtc('2026-03-11', '21:00', 'Europe/Paris') };
    // The file numbers both legs as one round, its own way (openfootball "Round of 16").
    const file = [match(LEAGUE), match(OTHER), match(moved, { round: 9 }), match(LEG2, { round: 9 })];
    const plan = accepted(planSeasonSync([LEAGUE, OTHER, moved, LEG2], file, opts));
    expect(plan.changes).toEqual([]);
    expect(matchStored([LEAGUE, OTHER, moved, LEG2], file, true).map((f) => f?.id)).toEqual([
      LEAGUE.id,
      OTHER.id,
      moved.id,
      LEG2.id,
    ]);
  });

  test('a file without stages pairs a pair that meets twice by date', () => {
    const file = [LEG1, LEAGUE].map((f) => match(f, { stage: undefined }));
    expect(matchStored([LEAGUE, LEG1], file, true).map((f) => f?.id)).toEqual([LEG1.id, LEAGUE.id]);
  });

  test("a new knockout match takes the season's round of its file round's match nearest in date (its leg)", () => {
    const otherLeg1 = fixture(C, D, '2026-03-11', 'round-of-16', 11);
    const otherLeg2 = { ...fixture(D, C, '2026-03-18', 'round-of-16', 12), leg: 2 };
    const stored = [LEAGUE, OTHER, LEG1, otherLeg1, otherLeg2];
    const file = [
      match(LEAGUE),
      match(OTHER),
      ...[LEG1, otherLeg1, otherLeg2, LEG2].map((f) => match(f, { round: 9 })),
    ];
    const plan = accepted(planSeasonSync(stored, file, opts));
    expect(plan.changes).toEqual([expect.objectContaining({ kind: 'add', fixtureId: LEG2.id })]);
    expect(plan.changes[0]!.kind === 'add' && plan.changes[0]!.fixture).toMatchObject({
      gameweek: 12,
      stage: 'round-of-16',
      leg: 2,
    });
  });

  test('is told by its stored stages or its file', () => {
    expect(isKnockoutSeason(STORED, [])).toBe(true);
    expect(isKnockoutSeason([{ stage: null }], [{ stage: 'final' }])).toBe(true);
    expect(isKnockoutSeason([{ stage: null }, {}], [{}])).toBe(false);
  });
});

describe("a knockout season's three-way merge", () => {
  const file = STORED.map((f) => match(f));
  // The admin moved the knockout match of the pair that met in the league phase.
  const moved = STORED.map((f) =>
    f === LEG1 ? { ...f, localDate: '2026-03-11', kickoffAt: zonedToUtc('2026-03-11', '21:00', 'Europe/Paris') } : f,
  );

  test("keeps the admin's move of the knockout match, not the league phase's date, and the plan is empty", () => {
    const merged = mergeWithSnapshot(file, snapshotOf(file, true), moved, true);
    expect(merged.matches[2]).toMatchObject({ date: '2026-03-11', stage: 'round-of-16' });
    expect(merged.matches[0]).toEqual(file[0]);
    expect(merged.kept).toHaveLength(1);
    expect(accepted(planSeasonSync(moved, merged.matches, opts)).changes).toEqual([]);
  });

  test('keys the snapshot by pair and stage, so a pair meeting twice has both its entries', () => {
    const snap = snapshotOf(file, true);
    expect(Object.keys(snap)).toHaveLength(4);
    expect(Object.keys(snapshotOf(file.slice(0, 3)))).toHaveLength(2);
  });

  test('an older snapshot keyed by pair still serves a pair the file has once', () => {
    const older = { [pairKey(B, A)]: snapshotOf(file, true)[Object.keys(snapshotOf(file, true))[3]!]! };
    const movedLeg2 = STORED.map((f) =>
      f === LEG2 ? { ...f, localDate: '2026-03-18', kickoffAt: zonedToUtc('2026-03-18', '21:00', 'Europe/Paris') } : f,
    );
    const merged = mergeWithSnapshot(file, older, movedLeg2, true);
    expect(merged.matches[3]).toMatchObject({ date: '2026-03-18' });
  });
});
