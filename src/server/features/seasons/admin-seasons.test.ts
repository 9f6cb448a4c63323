import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fixtureId } from '../../../game/fixture-id.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { OTHER_SEASON, TEST_SEASON } from '../../test/factories-season.js';
import { buildPrediction } from '../../test/factories-game.js';
import { ensureBuiltInSeason } from '../../seasons/seed.js';

// The admin's seasons screen through the real app: create a season from a file (unknown clubs
// confirmed), set the current season, re-import a newer file of a season. docs/feed.md.

const NOW = '2026-11-23T12:00:00.000Z';
/** A small season file with a club the app does not know (Scoreline Rovers FC). */
const SMALL = `= English Premier League 2030/31

▪ Matchday 1
  Sat Aug 17 2030
    15:00  Arsenal FC              v Scoreline Rovers FC
           Chelsea FC              v Everton FC
▪ Matchday 2
  Sat Aug 24 2030
    15:00  Scoreline Rovers FC     v Chelsea FC
           Everton FC              v Arsenal FC
`;
const ROVERS = {
  name: 'Scoreline Rovers FC',
  shortName: 'Rovers',
  code: 'ROV',
  primaryColour: '#112233',
  secondaryColour: '#ffcc00',
  pattern: 'hoops' as const,
};

const TXT = fs.readFileSync(new URL('../../season-files/fixtures/seasons/2026-27.txt', import.meta.url), 'utf8');
/** The same file with Arsenal v Manchester City (Sat 28 Nov 15:00) moved to Sunday 16:30. */
const ARS_MCI = '           Arsenal FC              v Manchester City FC\n';
const PAL_HUL = '           Crystal Palace FC       v Hull City AFC\n';
const MOVED_TXT = TXT.replace(ARS_MCI, '').replace(
  PAL_HUL,
  `${PAL_HUL}  Sun Nov 29\n    16:30  Arsenal FC              v Manchester City FC\n`,
);
const ARS_MCI_ID = fixtureId('Arsenal FC', 'Manchester City FC', '2026-11-28');

let t: TestApp;
let admin: BuiltUser;
let cookie: string;
let playerCookie: string;
let unverifiedAdminCookie: string;
let player: BuiltUser;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  const { db, handle, config } = t.app.deps;
  admin = await buildUser(db, handle.dialect, { role: 'admin' });
  cookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  player = await buildUser(db, handle.dialect);
  playerCookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
  const unverified = await buildUser(db, handle.dialect, { role: 'admin', emailVerified: false });
  unverifiedAdminCookie = await buildSessionCookie(db, handle.dialect, unverified.id, config.AUTH_SECRET);
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: object, c: string | null = cookie) =>
  t.request({ method: 'POST', url, cookie: c ?? undefined, payload });
const seasonIds = async () =>
  (await t.app.deps.db.selectFrom('seasons').select('id').orderBy('id').execute()).map((s) => s.id);

describe('create a season from a file', () => {
  test('preview checks the file whole and lists the unknown club with suggested details; create makes the season, its clubs and fixtures', async () => {
    const preview = await post('/api/admin/seasons/preview', { fileName: '2030-31.txt', content: SMALL });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      ok: true,
      name: 'English Premier League 2030/31',
      matches: 4,
      rounds: 2,
      results: 0,
      firstDate: '2030-08-17',
      lastDate: '2030-08-24',
      clubs: ['Arsenal FC', 'Chelsea FC', 'Everton FC', 'Scoreline Rovers FC'],
      unknownClubs: [
        {
          name: 'Scoreline Rovers FC',
          shortName: 'Scoreline Rovers',
          code: 'SCO',
          primaryColour: '#475569',
          secondaryColour: '#FFFFFF',
          pattern: 'plain',
          suggested: true,
        },
      ],
      suggestedId: '2030-31',
      suggestedLabel: '2030/31',
      exists: false,
    });
    // Nothing was written by the preview.
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);

    // Every club as every page asks for them before the season (kept: the new season's event drops them).
    const clubNames = async () =>
      ((await t.request({ method: 'GET', url: '/api/clubs?season=all' })).json().clubs as Array<{ name: string }>).map(
        (c) => c.name,
      );
    expect(await clubNames()).not.toContain('Scoreline Rovers FC');

    // Without confirming the new club: refused, nothing written.
    const unconfirmed = await post('/api/admin/seasons', {
      fileName: '2030-31.txt',
      content: SMALL,
      id: '2030-31',
      label: '2030/31',
      clubs: [],
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toMatchObject({
      code: 'unknown_club',
      message: 'Confirm the details of "Scoreline Rovers FC" first.',
    });
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);

    const created = await post('/api/admin/seasons', {
      fileName: '2030-31.txt',
      content: SMALL,
      id: '2030-31',
      label: '2030/31',
      clubs: [ROVERS],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      season: { id: '2030-31', label: '2030/31' },
      fixtures: 4,
      results: 0,
      clubsCreated: 1,
    });
    expect(await clubNames()).toContain('Scoreline Rovers FC');
    const clubs = (await t.request({ method: 'GET', url: '/api/clubs?season=2030-31' })).json().clubs;
    expect(clubs.map((c: { name: string }) => c.name)).toEqual([
      'Arsenal FC',
      'Chelsea FC',
      'Everton FC',
      'Scoreline Rovers FC',
    ]);
    expect(clubs[3]).toEqual({
      id: 'scoreline-rovers-fc',
      name: 'Scoreline Rovers FC',
      shortName: 'Rovers',
      code: 'ROV',
      primaryColour: '#112233',
      secondaryColour: '#FFCC00',
      pattern: 'hoops',
    });
    const fixtures = (await t.request({ method: 'GET', url: '/api/fixtures?season=2030-31' })).json().fixtures;
    expect(
      fixtures.map((f: { homeTeam: string; gameweek: number; kickoffAt: string }) => [
        f.homeTeam,
        f.gameweek,
        f.kickoffAt,
      ]),
    ).toEqual([
      ['Arsenal FC', 1, '2030-08-17T14:00:00.000Z'],
      ['Chelsea FC', 1, '2030-08-17T14:00:00.000Z'],
      ['Everton FC', 2, '2030-08-24T14:00:00.000Z'],
      ['Scoreline Rovers FC', 2, '2030-08-24T14:00:00.000Z'],
    ]);
    const list = (await t.request({ method: 'GET', url: '/api/admin/seasons', cookie })).json();
    expect(list.seasons.find((s: { id: string }) => s.id === '2030-31')).toMatchObject({
      id: '2030-31',
      label: '2030/31',
      fixtures: 4,
      results: 0,
      startDate: '2030-08-17',
      endDate: '2030-08-24',
      phase: 'upcoming',
      feedUrl: null,
      builtIn: false,
    });

    // The same id again is a 409; the preview says it exists.
    expect(
      (await post('/api/admin/seasons', { content: SMALL, id: '2030-31', label: '2030/31', clubs: [] })).statusCode,
    ).toBe(409);
    expect((await post('/api/admin/seasons/preview', { content: SMALL })).json().exists).toBe(true);
  });

  test('a broken file: the preview names the line; create refuses it and writes nothing', async () => {
    const broken = SMALL.replace('Sat Aug 24 2030', 'Sun Aug 24 2030');
    const preview = (await post('/api/admin/seasons/preview', { fileName: 'x.txt', content: broken })).json();
    expect(preview).toMatchObject({ ok: false, matches: 0 });
    expect(preview.error).toMatch(/^Line 8: 2030-08-24 is a Sat, not a Sun/);
    const res = await post('/api/admin/seasons', {
      fileName: 'x.txt',
      content: broken,
      id: '2030-31',
      label: '2030/31',
      clubs: [ROVERS],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_season_file');
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);
    expect(
      (await t.app.deps.db.selectFrom('clubs').select('id').where('name', '=', ROVERS.name).execute()).length,
    ).toBe(0);
  });

  test('hostile input is refused with a clear error and changes nothing', async () => {
    const huge = await post('/api/admin/seasons/preview', { content: 'x'.repeat(1_000_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toContain('The file is too large (at most 1 MB)');
    // Over the app's body limit: refused before it is parsed.
    expect((await post('/api/admin/seasons/preview', { content: 'x'.repeat(3 * 1024 * 1024) })).statusCode).toBe(413);
    for (const [body, why] of [
      [{ content: SMALL, id: '../../etc', label: 'x', clubs: [ROVERS] }, 'id'],
      [{ content: SMALL, id: '2030-31', label: 'bad\u202eLabel', clubs: [ROVERS] }, 'label'],
      [
        {
          content: SMALL,
          id: '2030-31',
          label: '2030/31',
          clubs: [{ ...ROVERS, primaryColour: 'red; background:url(x)' }],
        },
        'colour',
      ],
      [{ content: SMALL, id: '2030-31', label: '2030/31', clubs: [{ ...ROVERS, code: '<b>' }] }, 'code'],
      [
        { content: SMALL, id: '2030-31', label: '2030/31', clubs: [ROVERS, { ...ROVERS, name: 'Someone Else FC' }] },
        'stray club',
      ],
    ] as const) {
      const res = await post('/api/admin/seasons', body);
      expect(res.statusCode, why).toBe(400);
    }
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);
  });

  test('season files are rate limited per admin', async () => {
    for (let i = 0; i < 30; i++)
      expect((await post('/api/admin/seasons/preview', { content: SMALL })).statusCode).toBe(200);
    const limited = await post('/api/admin/seasons/preview', { content: SMALL });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many season files\. Please wait/);
    expect(
      (await post('/api/admin/seasons', { content: SMALL, id: '2030-31', label: '2030/31', clubs: [ROVERS] }))
        .statusCode,
    ).toBe(429);
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);
  });

  test('players, visitors and unverified admins are refused', async () => {
    for (const [c, status] of [
      [playerCookie, 403],
      [unverifiedAdminCookie, 403],
      [null, 401],
    ] as const) {
      expect((await post('/api/admin/seasons/preview', { content: SMALL }, c)).statusCode).toBe(status);
      expect(
        (await post('/api/admin/seasons', { content: SMALL, id: '2030-31', label: '2030/31', clubs: [ROVERS] }, c))
          .statusCode,
      ).toBe(status);
      expect(
        (
          await t.request({
            method: 'PUT',
            url: '/api/admin/current-season',
            cookie: c ?? undefined,
            payload: { seasonId: OTHER_SEASON },
          })
        ).statusCode,
      ).toBe(status);
      expect((await post(`/api/admin/seasons/${TEST_SEASON}/reimport`, { content: SMALL }, c)).statusCode).toBe(status);
    }
    expect(await seasonIds()).toEqual([OTHER_SEASON, TEST_SEASON]);
  });
});

describe('the current season', () => {
  test('pin a season, then back to "by the clock"', async () => {
    await ensureBuiltInSeason(t.app.deps.db, '2026-27', new Date(NOW));
    const seasons = async () => (await t.request({ method: 'GET', url: '/api/seasons' })).json();
    expect(await seasons()).toMatchObject({ current: '2026-27', pinned: false });
    const pin = await t.request({
      method: 'PUT',
      url: '/api/admin/current-season',
      cookie,
      payload: { seasonId: TEST_SEASON },
    });
    expect(pin.json()).toEqual({ current: TEST_SEASON, pinned: true });
    expect(await seasons()).toMatchObject({ current: TEST_SEASON, pinned: true });
    expect((await t.request({ method: 'GET', url: '/api/fixtures' })).json().season).toBe(TEST_SEASON);
    const unpin = await t.request({
      method: 'PUT',
      url: '/api/admin/current-season',
      cookie,
      payload: { seasonId: null },
    });
    expect(unpin.json()).toEqual({ current: '2026-27', pinned: false });
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/admin/current-season',
      cookie,
      payload: { seasonId: '1999-00' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await seasons()).toMatchObject({ current: '2026-27', pinned: false });
  });
});

describe('re-import a newer file of a season', () => {
  beforeEach(async () => {
    await ensureBuiltInSeason(t.app.deps.db, '2026-27', new Date(NOW));
    await buildPrediction(t.app.deps.db, { userId: player.id, fixtureId: ARS_MCI_ID, homeScore: 2, awayScore: 2 });
  });

  test('a moved match keeps its predictions and moves its deadline; preview first, then apply; again changes nothing', async () => {
    const preview = await post('/api/admin/seasons/2026-27/reimport/preview', {
      fileName: '2026-27.txt',
      content: MOVED_TXT,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      applied: false,
      report: { ok: true, summary: '1 moved.', counts: { moved: 1, added: 0, conflicts: 0 } },
    });
    expect(preview.json().report.changes).toEqual([
      'Arsenal v Man City moved from Sat 28 Nov 15:00 to Sun 29 Nov 16:30',
    ]);
    const stored = () =>
      t.app.deps.db
        .selectFrom('fixtures')
        .select(['id', 'kickoffAt', 'localDate', 'predictionsLockedAt'])
        .where('id', '=', ARS_MCI_ID)
        .executeTakeFirstOrThrow();
    expect((await stored()).localDate).toBe('2026-11-28');

    // A plan other than the one previewed (the season changed since) is refused, and nothing is written.
    const stale = await post('/api/admin/seasons/2026-27/reimport', {
      fileName: '2026-27.txt',
      content: MOVED_TXT,
      planHash: 'not-what-was-previewed',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('plan_changed');
    expect((await stored()).localDate).toBe('2026-11-28');

    const applied = await post('/api/admin/seasons/2026-27/reimport', {
      fileName: '2026-27.txt',
      content: MOVED_TXT,
      planHash: preview.json().planHash,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, report: { summary: '1 moved.' } });
    expect(await stored()).toEqual({
      id: ARS_MCI_ID,
      kickoffAt: '2026-11-29T16:30:00.000Z',
      localDate: '2026-11-29',
      predictionsLockedAt: null,
    });
    const board = (
      await t.request({ method: 'GET', url: '/api/predictions/board?season=2026-27&gameweek=12', cookie: playerCookie })
    ).json();
    expect(board.matches.find((m: { fixture: { id: string } }) => m.fixture.id === ARS_MCI_ID)).toMatchObject({
      window: 'open',
      deadline: '2026-11-29T14:30:00.000Z',
      prediction: { homeScore: 2, awayScore: 2 },
    });
    expect(
      (await t.app.deps.db.selectFrom('fixtures').select('id').where('seasonId', '=', '2026-27').execute()).length,
    ).toBe(380);
    expect((await post('/api/admin/seasons/2026-27/reimport', { content: MOVED_TXT })).json().report.summary).toBe(
      'No changes.',
    );
  });

  test('the season changed after the preview: applying the previewed plan is refused, nothing written', async () => {
    const preview = (await post('/api/admin/seasons/2026-27/reimport/preview', { content: MOVED_TXT })).json();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${ARS_MCI_ID}`,
      cookie,
      payload: { homeTeam: 'Arsenal FC', awayTeam: 'Manchester City FC', date: '2026-11-30', time: '20:00' },
    });
    expect(edit.statusCode).toBe(200);
    const stale = await post('/api/admin/seasons/2026-27/reimport', { content: MOVED_TXT, planHash: preview.planHash });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'The season changed since the preview (a feed run, or another admin). Preview the file again.',
    );
    const row = await t.app.deps.db
      .selectFrom('fixtures')
      .select(['localDate', 'localTime'])
      .where('id', '=', ARS_MCI_ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ localDate: '2026-11-30', localTime: '20:00' });
  });

  test('moved after its deadline had passed: its predictions stay closed (decision 0012)', async () => {
    t.clock.set('2026-11-28T14:00:00.000Z');
    const applied = await post('/api/admin/seasons/2026-27/reimport', { fileName: '2026-27.txt', content: MOVED_TXT });
    expect(applied.json().report.counts.locked).toBe(1);
    const row = await t.app.deps.db
      .selectFrom('fixtures')
      .select(['kickoffAt', 'predictionsLockedAt'])
      .where('id', '=', ARS_MCI_ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kickoffAt: '2026-11-29T16:30:00.000Z', predictionsLockedAt: '2026-11-28T14:00:00.000Z' });
    const late = await t.request({
      method: 'PUT',
      url: `/api/predictions/${ARS_MCI_ID}`,
      cookie: playerCookie,
      payload: { homeScore: 1, awayScore: 0 },
    });
    expect(late.statusCode).toBe(409);
  });

  test('a partial file or another competition is refused, nothing changed', async () => {
    const half = TXT.slice(0, TXT.indexOf('▪ Matchday 20'));
    const res = await post('/api/admin/seasons/2026-27/reimport', { fileName: '2026-27.txt', content: half });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('sync_partial');
    expect(res.json().error.message).toMatch(/Nothing was changed\.$/);
    const preview = (await post('/api/admin/seasons/2026-27/reimport/preview', { content: SMALL })).json();
    expect(preview.report).toMatchObject({ ok: false, reason: 'unknown_clubs' });
    expect(
      (await t.app.deps.db.selectFrom('fixtures').select('id').where('seasonId', '=', '2026-27').execute()).length,
    ).toBe(380);
    expect((await post('/api/admin/seasons/1999-00/reimport/preview', { content: SMALL })).statusCode).toBe(404);
  });
});
