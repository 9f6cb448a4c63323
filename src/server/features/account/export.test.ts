import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, OTHER_SEASON, OTHER_SEASON_FIXTURE, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { accountExportDto } from '../../../contract/account-data.js';
import { ROUTE_LIMITS } from '../../security/limits.js';

/** Downloading one's own data: everything the game holds about the caller, and nothing of anyone else. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

type Player = BuiltUser & { cookie: string };
async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const download = (p: { cookie: string }) => t.request({ method: 'GET', url: '/api/me/export', cookie: p.cookie });

describe('downloading one’s data', () => {
  it('holds the account, settings, predictions with fixture, result, points, tier and banker, leagues with role, bonus answers and own messages: only the caller’s', async () => {
    const { db } = t.app.deps;
    const me = await player({ teamName: 'Data FC', email: 'me@example.com', username: 'me_myself' });
    const other = await player({ teamName: 'Someone Else', email: 'other@example.com' });
    const played = await buildFixture(db, {
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    });
    const open = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
    await buildPrediction(db, {
      userId: me.id,
      fixtureId: played.id,
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2025-08-15T09:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: me.id,
      fixtureId: open.id,
      homeScore: 0,
      awayScore: 0,
      predictedAt: '2025-08-20T09:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: other.id,
      fixtureId: played.id,
      homeScore: 4,
      awayScore: 4,
      predictedAt: '2025-08-15T09:30:00.000Z',
    });
    await buildResult(db, { fixtureId: played.id, homeScore: 2, awayScore: 1 });
    const created = '2025-07-01T00:00:00.000Z';
    await db
      .insertInto('leagues')
      .values([
        {
          id: 'mine',
          name: 'My League',
          code: 'MYLEAGUE',
          description: null,
          competition: 'premier-league',
          privacy: 'private',
          creatorId: me.id,
          createdAt: created,
        },
        {
          id: 'theirs',
          name: 'Their League',
          code: 'THEIRSXX',
          description: null,
          competition: 'premier-league',
          privacy: 'private',
          creatorId: other.id,
          createdAt: created,
        },
        {
          id: 'secret',
          name: 'Not Mine',
          code: 'SECRETXX',
          description: null,
          competition: 'premier-league',
          privacy: 'private',
          creatorId: other.id,
          createdAt: created,
        },
      ])
      .execute();
    await db
      .insertInto('leagueMembers')
      .values([
        { leagueId: 'mine', userId: me.id, joinedAt: '2025-07-01T10:00:00.000Z' },
        { leagueId: 'mine', userId: other.id, joinedAt: '2025-07-02T10:00:00.000Z' },
        { leagueId: 'theirs', userId: other.id, joinedAt: '2025-07-01T10:00:00.000Z' },
        { leagueId: 'theirs', userId: me.id, joinedAt: '2025-07-03T10:00:00.000Z' },
        { leagueId: 'secret', userId: other.id, joinedAt: '2025-07-01T10:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('userSettings')
      .values({
        userId: me.id,
        remindersEnabled: 1,
        reminderWindows: '24,6',
        unsubscribeToken: 'unsub-private-token',
        calendarToken: 'calendar-private-token',
        updatedAt: '2025-08-01T00:00:00.000Z',
      })
      .execute();
    const message = (id: string, userId: string, text: string) => ({
      id,
      userId,
      fromName: 'x',
      accountEmail: null,
      fromEmail: 'reply@example.com',
      toEmail: 'help@example.com',
      subject: 's',
      message: text,
      status: 'sent' as const,
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      createdAt: '2025-08-10T10:00:00.000Z',
      sentAt: null,
    });
    await db
      .insertInto('contactMessages')
      .values([message('m1', me.id, 'My question'), message('m2', other.id, 'Their question')])
      .execute();

    // A bonus question in each league: the caller answered both, the other player one (settled in the caller's league).
    const question = (id: string, leagueId: string, prompt: string, correct: string | null) => ({
      id,
      leagueId,
      seasonId: TEST_SEASON,
      kind: 'free' as const,
      prompt,
      club: null,
      options: JSON.stringify(['Yes', 'No', 'Maybe']),
      picks: 2,
      points: 4,
      locksAt: '2025-08-15T12:00:00.000Z',
      createdBy: null,
      createdAt: created,
      updatedAt: created,
      correct,
      settledBy: correct ? ('organiser' as const) : null,
      settlerId: null,
      settledAt: correct ? '2025-08-16T12:00:00.000Z' : null,
      settleNote: null,
      settlementVersion: correct ? 1 : 0,
      tableLevel: 0,
    });
    await db
      .insertInto('leagueQuestions')
      .values([
        question('q-mine', 'mine', 'Goals on Saturday?', '[0]'),
        question('q-theirs', 'theirs', 'A red card?', null),
      ])
      .execute();
    await db
      .insertInto('leagueQuestionAnswers')
      .values([
        { questionId: 'q-mine', userId: me.id, choices: '[0,2]', answeredAt: '2025-08-14T09:00:00.000Z', points: 4 },
        { questionId: 'q-theirs', userId: me.id, choices: '[1]', answeredAt: '2025-08-14T09:05:00.000Z', points: null },
        { questionId: 'q-mine', userId: other.id, choices: '[1]', answeredAt: '2025-08-14T09:10:00.000Z', points: 0 },
      ])
      .execute();

    // The open pick is the caller's banker of its gameweek.
    expect(
      (await t.request({ method: 'PUT', url: `/api/predictions/${open.id}/banker`, cookie: me.cookie })).statusCode,
    ).toBe(200);

    const res = await download(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="scoreline-my-data-2025-08-20.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = accountExportDto.parse(res.json());
    // A file a person can read: one field a line, indented by two spaces, not one unbroken line.
    expect(res.body).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(res.body).toMatch(/^\{\n {2}"format": "scoreline-account-data",\n {2}"version": 1,\n/);
    expect(data.account).toMatchObject({
      id: me.id,
      email: 'me@example.com',
      emailVerified: true,
      username: 'me_myself',
      teamName: 'Data FC',
      role: 'player',
    });
    expect(data.settings).toEqual({ remindersEnabled: true, reminderWindowsHours: [24, 6] });
    expect(data.predictions).toEqual([
      expect.objectContaining({ season: OTHER_SEASON, fixtureId: OTHER_SEASON_FIXTURE, points: 3, outcome: 'exact' }),
      {
        season: TEST_SEASON,
        gameweek: 1,
        fixtureId: played.id,
        homeTeam: 'Everton FC',
        awayTeam: 'Fulham FC',
        kickoffAt: '2025-08-16T14:00:00.000Z',
        predicted: { home: 2, away: 1 },
        predictedAt: '2025-08-15T09:00:00.000Z',
        result: { home: 2, away: 1, final: true },
        points: 3,
        outcome: 'exact',
        tier: 'exact',
        banker: false,
        qualifier: null,
      },
      expect.objectContaining({
        fixtureId: open.id,
        predicted: { home: 0, away: 0 },
        result: null,
        points: null,
        tier: null,
        banker: true,
      }),
    ]);
    expect(data.predictionsComplete).toBe(true);
    expect(data.leagues).toEqual([
      {
        id: 'mine',
        name: 'My League',
        code: 'MYLEAGUE',
        role: 'creator',
        joinedAt: '2025-07-01T10:00:00.000Z',
        members: 2,
      },
      {
        id: 'theirs',
        name: 'Their League',
        code: 'THEIRSXX',
        role: 'member',
        joinedAt: '2025-07-03T10:00:00.000Z',
        members: 2,
      },
    ]);
    expect(data.bonusAnswers).toEqual([
      {
        leagueId: 'mine',
        leagueName: 'My League',
        season: TEST_SEASON,
        question: 'Goals on Saturday?',
        answers: ['Yes', 'Maybe'],
        answeredAt: '2025-08-14T09:00:00.000Z',
        points: 4,
      },
      {
        leagueId: 'theirs',
        leagueName: 'Their League',
        season: TEST_SEASON,
        question: 'A red card?',
        answers: ['No'],
        answeredAt: '2025-08-14T09:05:00.000Z',
        points: null,
      },
    ]);
    expect(data.bonusAnswersComplete).toBe(true);
    expect(data.contactMessages).toEqual([
      { sentAt: '2025-08-10T10:00:00.000Z', replyTo: 'reply@example.com', message: 'My question', status: 'sent' },
    ]);

    // Nothing of the other player, and no private link or token of the caller's own.
    const text = res.body;
    for (const foreign of [
      other.id,
      'other@example.com',
      'Someone Else',
      'Their question',
      'SECRETXX',
      '"4"',
      'unsub-private-token',
      'calendar-private-token',
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/password|token/i);
  });

  it('needs a session, and is limited per player', async () => {
    expect((await t.request({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
    const me = await player();
    for (let i = 0; i < ROUTE_LIMITS.accountExportPerUser.max; i++) expect((await download(me)).statusCode).toBe(200);
    const limited = await download(me);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});
