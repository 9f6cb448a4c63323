import { afterEach, describe, expect, test } from 'vitest';
import { STAGE_NAMES, isKnockoutStage, type Stage } from '../../../game/stages.js';
import { builtinClubs, builtinSeason, type BuiltinSeasonKey } from '../../season-files/builtin/index.js';
import { matchesWithClubNames } from '../../season-files/season-format.js';
import { builtInSeasonFixtures } from '../../seasons/builtin.js';
import { ensureBuiltInSeason } from '../../seasons/seed.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { feedAdmin, feedEnv, feedServer, fixturesAndResults, syncFeed } from './competition-feed-fixture.js';

// The results feed on a competition's season (league phase or group stage, then knockouts), end to
// end through the real app against a real HTTP server on 127.0.0.1 serving the built-in season as
// an openfootball JSON file. A pair may meet twice (seven Champions League pairs meet in the
// league phase and again in a knockout round): each of its matches is its own fixture.

const UCL: BuiltinSeasonKey = 'champions-league-2025-26';
const WC: BuiltinSeasonKey = 'world-cup-2026';
const NOW = '2026-11-23T12:00:00.000Z';
const feed = feedServer();

type FileMatch = ReturnType<typeof matchesWithClubNames>[number];

/**
 * A built-in season as upstream publishes it (openfootball JSON): "League, Matchday 3" or "Group
 * stage, Matchday 2", then each knockout stage under one heading for both legs ("Round of 16"),
 * kick-offs at the venue's offset when the file gives one (the World Cup).
 */
function feedOf(key: BuiltinSeasonKey, edit: (m: FileMatch) => FileMatch = (m) => m): string {
  const season = builtinSeason(key);
  const stageOf = new Map(season.rounds.map((r) => [r.round, r.stage as Stage]));
  const matchday = new Map<number, number>();
  for (const r of season.rounds) {
    const before = season.rounds.filter((x) => x.stage === r.stage && x.round <= r.round).length;
    matchday.set(r.round, before);
  }
  const roundName = (round: number) => {
    const stage = stageOf.get(round)!;
    if (isKnockoutStage(stage)) return STAGE_NAMES[stage];
    return `${stage === 'group' ? 'Group stage' : 'League'}, Matchday ${matchday.get(round)}`;
  };
  const matches = matchesWithClubNames(season, builtinClubs()).map(edit);
  return JSON.stringify({
    name: season.season.title,
    matches: matches.map((m) => ({
      round: roundName(m.round),
      date: m.date,
      ...(m.time && !m.postponed ? { time: m.utcOffset ? `${m.time} UTC${m.utcOffset}` : m.time } : {}),
      team1: m.homeName,
      team2: m.awayName,
      ...(m.group ? { group: m.group } : {}),
      ...(m.result
        ? {
            score: {
              ft: m.result,
              ...(m.extraTime ? { et: m.extraTime } : {}),
              ...(m.penalties ? { p: m.penalties } : {}),
            },
          }
        : {}),
    })),
  });
}

let t: TestApp;
let admin: string;

async function world(key: BuiltinSeasonKey) {
  t = await createTestApp({ now: NOW, env: feedEnv(5) });
  await t.app.deps.db.transaction().execute((trx) => ensureBuiltInSeason(trx, key, new Date(NOW)));
  admin = await feedAdmin(t, key, feed.url);
}
afterEach(async () => {
  await t?.close();
});

const sync = (key: BuiltinSeasonKey) => syncFeed(t, admin, key);
const everything = () => fixturesAndResults(t);
const resultOf = (id: string) =>
  t.app.deps.db.selectFrom('results').selectAll().where('fixtureId', '=', id).executeTakeFirst();

/** The Champions League pairs (same home and away) that meet in the league phase and again in a knockout round. */
function pairsMeetingTwice() {
  const fixtures = builtInSeasonFixtures(UCL);
  const byPair = new Map<string, typeof fixtures>();
  for (const f of fixtures)
    byPair.set(`${f.homeTeam}|${f.awayTeam}`, [...(byPair.get(`${f.homeTeam}|${f.awayTeam}`) ?? []), f]);
  return [...byPair.values()].filter((l) => l.length === 2);
}

describe('a competition season fed its own file', () => {
  test.each([UCL, WC])(
    '%s: the full file against the season seeded from it changes nothing and refuses nothing',
    async (key) => {
      await world(key);
      feed.serve(feedOf(key));
      const before = await everything();
      const run = await sync(key);
      expect(run.outcome, run.message).toBe('unchanged');
      expect(run.changes).toEqual([]);
      expect(await everything()).toBe(before);
      // And again, now against its own snapshot.
      const again = await sync(key);
      expect(again.outcome, again.message).toBe('unchanged');
      expect(await everything()).toBe(before);
    },
  );

  test("the admin's re-import preview of the full Champions League file plans nothing and refuses nothing", async () => {
    await world(UCL);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/seasons/${UCL}/reimport/preview`,
      cookie: admin,
      payload: { fileName: 'cl.json', content: feedOf(UCL) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().report as { ok: boolean; summary: string; changes: string[]; missing: string[] };
    expect(report.ok, report.summary).toBe(true);
    expect(report.changes).toEqual([]);
    expect(report.missing).toEqual([]);
  });

  test('the Champions League has pairs that meet twice (what this is about)', () => {
    const twice = pairsMeetingTwice();
    expect(twice.length).toBe(7);
    for (const [league, knockout] of twice) {
      expect(league!.stage).toBe('league-phase');
      expect(knockout!.stage).not.toBe('league-phase');
    }
  });

  test('a result in the knockout match of a pair that met in the league phase lands on the knockout match', async () => {
    await world(UCL);
    const [league, knockout] = pairsMeetingTwice()[0]!;
    // The knockout match has no result yet here; the league phase's stays as the file gave it.
    await t.app.deps.db.deleteFrom('results').where('fixtureId', '=', knockout!.id).execute();
    const leagueResult = await resultOf(league!.id);
    expect(leagueResult).toBeDefined();
    feed.serve(
      feedOf(UCL, (m) =>
        m.homeName === knockout!.homeTeam && m.awayName === knockout!.awayTeam && m.date === knockout!.localDate
          ? { ...m, result: [4, 3], extraTime: undefined, penalties: undefined }
          : m,
      ),
    );
    const run = await sync(UCL);
    expect(run.outcome, run.message).toBe('changed');
    expect(run.changes).toHaveLength(1);
    expect(await resultOf(knockout!.id)).toMatchObject({ homeScore: 4, awayScore: 3, final: 1, source: 'feed' });
    expect(await resultOf(league!.id)).toEqual(leagueResult);
  });

  test("a correction of the league phase's match of such a pair does not touch its knockout match", async () => {
    await world(UCL);
    const [league, knockout] = pairsMeetingTwice()[1]!;
    const knockoutResult = await resultOf(knockout!.id);
    const old = await resultOf(league!.id);
    const score: [number, number] = [old!.homeScore + 5, old!.awayScore];
    feed.serve(
      feedOf(UCL, (m) =>
        m.homeName === league!.homeTeam && m.awayName === league!.awayTeam && m.date === league!.localDate
          ? { ...m, result: score }
          : m,
      ),
    );
    const run = await sync(UCL);
    expect(run.outcome, run.message).toBe('changed');
    expect(run.changes).toHaveLength(1);
    expect(await resultOf(league!.id)).toMatchObject({ homeScore: score[0], awayScore: score[1], source: 'feed' });
    expect(await resultOf(knockout!.id)).toEqual(knockoutResult);
  });

  test('a knockout match missing from the season comes back with its stage and its leg, beside the league match of its pair', async () => {
    await world(UCL);
    const [league, knockout] = pairsMeetingTwice()[3]!;
    const leagueResult = await resultOf(league!.id);
    await t.app.deps.db.deleteFrom('results').where('fixtureId', '=', knockout!.id).execute();
    await t.app.deps.db.deleteFrom('fixtures').where('id', '=', knockout!.id).execute();
    feed.serve(feedOf(UCL));
    const run = await sync(UCL);
    expect(run.outcome, run.message).toBe('changed');
    expect(run.changes).toHaveLength(1);
    const added = await t.app.deps.db
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', knockout!.id)
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      homeTeam: knockout!.homeTeam,
      awayTeam: knockout!.awayTeam,
      kickoffAt: knockout!.kickoffAt,
      gameweek: knockout!.gameweek,
      stage: knockout!.stage,
      leg: knockout!.leg,
    });
    expect(await resultOf(league!.id)).toEqual(leagueResult);
    expect((await sync(UCL)).outcome).toBe('unchanged');
  });

  test('a knockout match the admin moved is still its fixture (by stage), not a new match', async () => {
    await world(UCL);
    const [league, knockout] = pairsMeetingTwice()[2]!;
    feed.serve(feedOf(UCL));
    expect((await sync(UCL)).outcome).toBe('unchanged');
    // The admin moves it; the feed has not changed since: the admin's move stays and nothing is added.
    await t.app.deps.db
      .updateTable('fixtures')
      .set({ localDate: '2026-12-31', kickoffAt: '2026-12-31T20:00:00.000Z', localTime: '21:00' })
      .where('id', '=', knockout!.id)
      .execute();
    const before = await everything();
    const run = await sync(UCL);
    expect(run.outcome, run.message).toBe('unchanged');
    expect(await everything()).toBe(before);
    expect(await resultOf(league!.id)).toBeDefined();
  });
});
