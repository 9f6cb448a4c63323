import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';

/**
 * Migration 0038: bonus questions. A database written by the release before keeps its leagues,
 * members, predictions and points as they were; every table shows the same points with no
 * bonus; and the app on it asks, answers and settles questions whose points join the table.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

describe('migration 0038: bonus questions', () => {
  it('keeps leagues, members and points of the release before, and the app adds bonus points on top', async () => {
    const handle = await database.migratedThrough({ before: '0038_bonus_questions' });
    const { db, dialect } = handle;
    const alice = await buildUser(db, dialect, { teamName: 'Alice Allstars', pastSeason: false });
    const bob = await buildUser(db, dialect, { teamName: 'Bob Ballers', pastSeason: false });
    const at = '2025-08-10T10:00:00.000Z';
    await db
      .insertInto('leagues')
      .values({
        id: 'lg-old',
        name: 'Old League',
        code: 'KFFCE234',
        description: 'Since 2025',
        competition: 'premier-league',
        privacy: 'private',
        creatorId: alice.id,
        createdAt: at,
      })
      .execute();
    await db
      .insertInto('leagueMembers')
      .values([
        { leagueId: 'lg-old', userId: alice.id, joinedAt: at },
        { leagueId: 'lg-old', userId: bob.id, joinedAt: at },
      ])
      .execute();
    const played = await buildFixture(db, { id: 'played', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    await buildFixture(db, {
      id: 'later',
      kickoffAt: '2025-09-20T14:00:00.000Z',
      gameweek: 5,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    await db
      .insertInto('predictions')
      .values([
        {
          userId: alice.id,
          fixtureId: played.id,
          homeScore: 2,
          awayScore: 1,
          predictedAt: at,
          points: null,
          outcome: null,
        },
        {
          userId: bob.id,
          fixtureId: played.id,
          homeScore: 1,
          awayScore: 0,
          predictedAt: at,
          points: null,
          outcome: null,
        },
      ])
      .execute();
    await db
      .insertInto('results')
      .values({ fixtureId: played.id, homeScore: 2, awayScore: 1, final: 1, updatedAt: '2025-08-16T16:00:00.000Z' })
      .execute();
    // Scored as the release before scored (its triggers kept the aggregate; later migrations hand it to the app's code).
    await db
      .updateTable('predictions')
      .set({ points: 3, outcome: 'exact' })
      .where('fixtureId', '=', played.id)
      .where('userId', '=', alice.id)
      .execute();
    await db
      .updateTable('predictions')
      .set({ points: 1, outcome: 'outcome' })
      .where('fixtureId', '=', played.id)
      .where('userId', '=', bob.id)
      .execute();
    const snapshot = async () => ({
      leagues: await db.selectFrom('leagues').selectAll().orderBy('id').execute(),
      members: await db.selectFrom('leagueMembers').selectAll().orderBy('userId').execute(),
      predictions: await db.selectFrom('predictions').selectAll().orderBy('userId').execute(),
      points: await db.selectFrom('userPoints').selectAll().orderBy('userId').orderBy('gameweek').execute(),
    });
    const before = await snapshot();
    expect(before.points.length).toBeGreaterThan(0);

    expect(await migrateToLatest(handle)).toContain('0038_bonus_questions');
    // Every row and column kept as it was (later migrations add columns of their own).
    const kept = (rows: object[]) => rows.map((r) => expect.objectContaining(r));
    expect(await snapshot()).toEqual({
      leagues: kept(before.leagues),
      members: before.members,
      predictions: kept(before.predictions),
      points: kept(before.points),
    });
    expect(await db.selectFrom('leagueQuestions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('leagueBonusPoints').selectAll().execute()).toEqual([]);

    const t = await database.openApp({ now: '2025-08-20T12:00:00Z', otherSeason: false });
    const aliceCookie = await buildSessionCookie(db, dialect, alice.id, SECRET);
    const bobCookie = await buildSessionCookie(db, dialect, bob.id, SECRET);
    const table = async () =>
      (await t!.request({ method: 'GET', url: '/api/leagues/lg-old/table?season=2025-26', cookie: bobCookie }))
        .json()
        .rows.map((r: { displayName: string; points: number; bonus: number }) => [r.displayName, r.points, r.bonus]);
    expect(await table()).toEqual([
      ['Alice Allstars', 3, 0],
      ['Bob Ballers', 1, 0],
    ]);

    const added = await t.request({
      method: 'POST',
      url: '/api/leagues/lg-old/questions',
      cookie: aliceCookie,
      payload: {
        season: '2025-26',
        kind: 'free',
        prompt: 'Goals on Saturday?',
        options: ['Yes', 'No'],
        points: 4,
        locksAt: '2025-08-23T11:00:00.000Z',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().question.id;
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/leagues/lg-old/questions/${id}/answer`,
          cookie: bobCookie,
          payload: { choices: [0] },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.set('2025-08-23T12:00:00Z');
    const settled = await t.request({
      method: 'PUT',
      url: `/api/leagues/lg-old/questions/${id}/settlement`,
      cookie: aliceCookie,
      payload: { correct: [0], version: 0 },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await table()).toEqual([
      ['Bob Ballers', 5, 4],
      ['Alice Allstars', 3, 0],
    ]);
  });
});
