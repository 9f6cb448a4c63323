import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventsDelivered } from '../../test/events.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import {
  buildCompetitionSeason,
  buildKnockoutFixture,
  storedFixture,
  type TestSide,
} from '../../test/knockout-world.js';
import { TEAM_NAME_LENGTH_MAX } from '../../../contract/fixtures.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { feedAdmin, feedEnv, feedServer, fixturesAndResults, syncFeed } from './competition-feed-fixture.js';

// The results feed fills in the teams of knockout matches, per competition (decision 0119), end to
// end through the real app against a real HTTP server on 127.0.0.1 serving openfootball JSON.

const WC = 'world-cup-2026';
const UCL = 'champions-league-2025-26';

const feed = feedServer();

let t: TestApp;
let admin: string;
let player: string;
let events: LiveEvent[];

interface FeedMatch {
  round: string;
  date: string;
  time: string;
  team1: string;
  team2: string;
  score?: { ft: [number, number] };
}
const serve = (name: string, matches: FeedMatch[]) => {
  feed.serve(JSON.stringify({ name, matches }));
};

async function world(
  seasonId: string,
  now: string,
  fixtures: Array<[string, TestSide, TestSide, string, string, string, number, string]>,
) {
  t = await createTestApp({ now, env: feedEnv(1) });
  const { db, handle, config } = t.app.deps;
  const info = await buildCompetitionSeason(db, seasonId as typeof WC);
  for (const [id, home, away, kickoffAt, localDate, localTime, gameweek, stage] of fixtures)
    await buildKnockoutFixture(db, {
      id,
      seasonId,
      home,
      away,
      kickoffAt,
      localDate,
      localTime,
      gameweek,
      stage,
      league: info.competition.name,
    });
  admin = await feedAdmin(t, seasonId, feed.url);
  const p = await buildUser(db, handle.dialect);
  player = await buildSessionCookie(db, handle.dialect, p.id, config.AUTH_SECRET);
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
}
afterEach(async () => {
  await t?.close();
});

const sync = (seasonId: string) => syncFeed(t, admin, seasonId);
const predict = (id: string) =>
  t.request({ method: 'PUT', url: `/api/predictions/${id}`, cookie: player, payload: { homeScore: 1, awayScore: 1 } });
const everything = () => fixturesAndResults(t);

/** The end of the 2026 World Cup as stored: the semi-finals known, the third-place match and the final not. */
const WC_FIXTURES: Array<[string, TestSide, TestSide, string, string, string, number, string]> = [
  ['SF1', 'France', 'Spain', '2026-07-14T19:00:00.000Z', '2026-07-14', '14:00', 1, 'semi-finals'],
  ['SF2', 'England', 'Argentina', '2026-07-15T19:00:00.000Z', '2026-07-15', '15:00', 1, 'semi-finals'],
  ['THIRD', { label: 'L101' }, { label: 'L102' }, '2026-07-18T21:00:00.000Z', '2026-07-18', '17:00', 2, 'third-place'],
  ['FINAL', { label: 'W101' }, { label: 'W102' }, '2026-07-19T19:00:00.000Z', '2026-07-19', '15:00', 3, 'final'],
];
/** The openfootball file of those matches: venue times with their offsets, as upstream publishes them. */
const wcFeed = (third: [string, string], final: [string, string]): FeedMatch[] => [
  {
    round: 'Semi-final',
    date: '2026-07-14',
    time: '14:00 UTC-5',
    team1: 'France',
    team2: 'Spain',
    score: { ft: [0, 2] },
  },
  {
    round: 'Semi-final',
    date: '2026-07-15',
    time: '15:00 UTC-4',
    team1: 'England',
    team2: 'Argentina',
    score: { ft: [1, 2] },
  },
  { round: 'Match for third place', date: '2026-07-18', time: '17:00 UTC-4', team1: third[0], team2: third[1] },
  { round: 'Final', date: '2026-07-19', time: '15:00 UTC-4', team1: final[0], team2: final[1] },
];

describe('the World Cup feed', () => {
  beforeEach(() => world(WC, '2026-07-16T12:00:00Z', WC_FIXTURES));

  test('fills in the teams once they are known: placeholders go, the matches open for predictions, results are saved, nothing moves; the change is published', async () => {
    serve('World Cup 2026', wcFeed(['L101', 'L102'], ['W101', 'W102']));
    const first = await sync(WC);
    expect(first.outcome, first.message).toBe('changed');
    // The results came in; the matches whose teams the feed does not know yet stay as they are.
    expect(await storedFixture(t.app.deps.db, 'FINAL')).toMatchObject({ homeTeam: 'W101', homeLabel: 'W101' });
    expect((await predict('FINAL')).json().error.code).toBe('teams_not_known');

    serve('World Cup 2026', wcFeed(['France', 'England'], ['Spain', 'Argentina']));
    events = [];
    const run = await sync(WC);
    expect(run.outcome, run.message).toBe('changed');
    expect(run.message).toMatch(/^2 matches with teams filled in; /);
    expect(run.changes).toContain('Teams filled in: Spain v Argentina on 2026-07-19 (was W101 v W102).');
    expect(await storedFixture(t.app.deps.db, 'FINAL')).toMatchObject({
      homeTeam: 'Spain',
      awayTeam: 'Argentina',
      homeLabel: null,
      awayLabel: null,
      // The venue's time at its offset is the stored instant: the match did not move.
      kickoffAt: '2026-07-19T19:00:00.000Z',
      localTime: '15:00',
    });
    expect(await storedFixture(t.app.deps.db, 'THIRD')).toMatchObject({ homeTeam: 'France', homeLabel: null });
    await eventsDelivered(t.app, events);
    expect(events).toContainEqual(expect.objectContaining({ type: 'fixtures.changed', seasonId: WC }));
    const pick = await predict('FINAL');
    expect(pick.statusCode, pick.body).toBe(200);
    const shown = await t.request({ method: 'GET', url: `/api/fixtures?season=${WC}` });
    expect(shown.json().fixtures.find((f: { id: string }) => f.id === 'FINAL')).toMatchObject({
      homeTeam: 'Spain',
      homeLabel: null,
    });

    expect((await sync(WC)).outcome).toBe('unchanged');
  });

  test('an unknown team changes nothing and says which', async () => {
    serve('World Cup 2026', wcFeed(['France', 'England'], ['Atlantis', 'Argentina']));
    const before = await everything();
    const run = await sync(WC);
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain('Atlantis');
    expect(await everything()).toBe(before);
  });

  test('a team for a match that already has both is not taken: the stored team stays, no match is added', async () => {
    serve('World Cup 2026', wcFeed(['France', 'England'], ['Spain', 'Argentina']));
    await sync(WC);
    serve('World Cup 2026', wcFeed(['Germany', 'England'], ['Spain', 'Argentina']));
    const before = await everything();
    const run = await sync(WC);
    expect(run.outcome).toBe('unchanged');
    expect(run.changes).toContain(
      'France v England on 2026-07-18: the feed names Germany for France; the stored team stays (the admin decides).',
    );
    expect(await everything()).toBe(before);
  });

  test('an oversize team name is refused with the file, and nothing changes', async () => {
    serve('World Cup 2026', wcFeed(['France', 'England'], ['S'.repeat(TEAM_NAME_LENGTH_MAX + 1), 'Argentina']));
    const before = await everything();
    const run = await sync(WC);
    expect(run.outcome).toBe('failed');
    expect(await everything()).toBe(before);
  });
});

describe('the Champions League feed', () => {
  beforeEach(() =>
    world(UCL, '2026-05-10T12:00:00Z', [
      [
        'SF1',
        'Arsenal FC',
        'Club Atlético de Madrid',
        '2026-05-05T19:00:00.000Z',
        '2026-05-05',
        '21:00',
        1,
        'semi-finals',
      ],
      [
        'SF2',
        'FC Bayern München',
        'Paris Saint-Germain FC',
        '2026-05-06T19:00:00.000Z',
        '2026-05-06',
        '21:00',
        1,
        'semi-finals',
      ],
      ['FINAL', { label: 'W1' }, { label: 'W2' }, '2026-05-30T16:00:00.000Z', '2026-05-30', '18:00', 2, 'final'],
    ]),
  );

  test('fills in the final in Paris time', async () => {
    serve('UEFA Champions League 2025/26', [
      {
        round: 'Semi-finals',
        date: '2026-05-05',
        time: '21:00',
        team1: 'Arsenal FC',
        team2: 'Club Atlético de Madrid',
      },
      {
        round: 'Semi-finals',
        date: '2026-05-06',
        time: '21:00',
        team1: 'FC Bayern München',
        team2: 'Paris Saint-Germain FC',
      },
      { round: 'Final', date: '2026-05-30', time: '18:00', team1: 'Paris Saint-Germain FC', team2: 'Arsenal FC' },
    ]);
    const run = await sync(UCL);
    expect(run.outcome, run.message).toBe('changed');
    expect(await storedFixture(t.app.deps.db, 'FINAL')).toMatchObject({
      homeTeam: 'Paris Saint-Germain FC',
      awayTeam: 'Arsenal FC',
      homeLabel: null,
      awayLabel: null,
      kickoffAt: '2026-05-30T16:00:00.000Z',
    });
    expect((await predict('FINAL')).statusCode).toBe(200);
  });
});
