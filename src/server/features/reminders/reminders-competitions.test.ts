import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { buildCompetitionSeason } from '../../test/knockout-world.js';
import { fixturesKickingOffBetween } from './repository.js';
import { runReminders } from './scheduler.js';

/**
 * Reminders span the competitions a player plays: every Premier League match, and a World Cup
 * match only for players with a pick or a league in the World Cup. A match whose teams are not
 * known takes no pick, so nobody is reminded of it. Friday 15 August 2025, 15:00 UTC: every
 * deadline below is within the day's window.
 */
const NOW = new Date('2025-08-15T15:00:00.000Z');
const WC = 'world-cup-2026';
let t: TestApp;
let fan: BuiltUser;
let leaguer: BuiltUser;
let local: BuiltUser;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  const { db, handle } = t.app.deps;
  const at = NOW.toISOString();
  await buildCompetitionSeason(db, WC);
  await buildFixture(db, { id: 'PL', kickoffAt: '2025-08-16T14:00:00.000Z' });
  await buildFixture(db, {
    id: 'WC',
    seasonId: WC,
    kickoffAt: '2025-08-16T16:00:00.000Z',
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
  });
  await buildFixture(db, {
    id: 'OLD',
    seasonId: WC,
    kickoffAt: '2025-08-01T16:00:00.000Z',
    homeTeam: 'Spain',
    awayTeam: 'Japan',
  });
  await buildFixture(db, {
    id: 'KO',
    seasonId: WC,
    kickoffAt: '2025-08-16T19:00:00.000Z',
    homeTeam: 'Winner Group A',
    awayTeam: 'Runner-up Group B',
  });
  await db
    .updateTable('fixtures')
    .set({ homeLabel: 'Winner Group A', awayLabel: 'Runner-up Group B' })
    .where('id', '=', 'KO')
    .execute();
  t.app.deps.seasons.clear();
  fan = await buildUser(db, handle.dialect); // a pick in the World Cup
  leaguer = await buildUser(db, handle.dialect); // a World Cup league
  local = await buildUser(db, handle.dialect); // the Premier League only
  await buildPrediction(db, { userId: fan.id, fixtureId: 'OLD', homeScore: 1, awayScore: 0 });
  await db
    .insertInto('leagues')
    .values({
      id: 'wc-league',
      name: 'Cup Crew',
      code: 'CUPCREW2',
      description: null,
      competition: 'world-cup',
      privacy: 'private',
      creatorId: leaguer.id,
      createdAt: at,
      knockoutRule: 'extra-time',
    })
    .execute();
  await db.insertInto('leagueMembers').values({ leagueId: 'wc-league', userId: leaguer.id, joinedAt: at }).execute();
});
afterAll(() => t.close());

describe('reminders across competitions', () => {
  test('a match whose teams are not known is not due for a reminder', async () => {
    const due = await fixturesKickingOffBetween(t.app.deps.db, '2025-08-15T00:00:00.000Z', '2025-08-17T00:00:00.000Z');
    expect(due.map((f) => [f.id, f.competitionId])).toEqual([
      ['PL', 'premier-league'],
      ['WC', 'world-cup'],
    ]);
  });

  test('World Cup matches are reminded only to players who play the World Cup; the Premier League to everyone', async () => {
    await runReminders(t.app, NOW);
    const log = await t.app.deps.db.selectFrom('reminderLog').select(['userId', 'fixtureId']).execute();
    const of = (u: BuiltUser) =>
      log
        .filter((l) => l.userId === u.id)
        .map((l) => l.fixtureId)
        .sort();
    expect(of(fan)).toEqual(['PL', 'WC']);
    expect(of(leaguer)).toEqual(['PL', 'WC']);
    expect(of(local)).toEqual(['PL']);
  });
});
