import crypto from 'node:crypto';
import os from 'node:os';
import { openDatabase } from '../src/server/db/index.js';
import { freePort } from '../e2e/support/server.js';
import { timedRequest, type Player } from './loader.js';
import { MATCH_WEEK_NOW } from './saturday.js';
import { playerAddress, signInPlayers } from './sessions.js';
import { median, openStreams, percentile, startApp } from './tools.js';
import type { EventLoopDelay } from '../src/contract/event-loop.js';
import { postgresWorld } from './world-cache.js';

/**
 * `npx tsx bench/two-instances.ts [--streams N] [--saves N] [--players N]`: two server processes
 * sharing one PostgreSQL (the benchmark's match-week world, its cache shared with `npm run bench`),
 * events crossing from one to the other (decision 0106).
 *
 * `N` live streams (default 2,000) are open on instance B. The admin saves the final result of a
 * match in play through instance A, `--saves` times (default 10), each rescoring every player's
 * prediction of it. For each save the script measures when the event reaches every stream on B,
 * from the save's answer (the result is committed; the event is published after the commit) and
 * from its request (which includes the rescoring, budgeted apart at 100 ms by `npm run bench`),
 * and then reads the fixture list and a player's board from B: the result must be there and
 * scored (what B keeps, fixtures and picks, was dropped by the event from A). Each instance's own
 * event-loop delay over each save (the admin's /api/admin/event-loop) is printed beside it: A
 * rescores, B hears of it and drops what it kept. Exits 1 when a
 * stream misses an event, B shows a stale answer, or the delivery p99 from the answer is over
 * 250 ms.
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const STREAMS = Number(arg('streams', '2000'));
const SAVES = Number(arg('saves', '10'));
const PLAYERS = Number(arg('players', '10000'));
const BUDGET_MS = 250;
const SECRET = crypto.randomBytes(32).toString('hex');

const built = await postgresWorld({ players: PLAYERS, now: MATCH_WEEK_NOW, maxConnections: 200 });
const stops: Array<() => Promise<unknown> | unknown> = [built.cleanup];
let failed: boolean | undefined;
try {
  const { world } = built;
  const handle = openDatabase(built.url);
  const [adminCookie] = await signInPlayers(handle, [world.adminId], SECRET);
  const [playerCookie] = await signInPlayers(handle, [world.playerIds[0]!], SECRET);
  await handle.close();
  const admin: Player = { cookie: adminCookie!, address: playerAddress(65535) };
  const player: Player = { cookie: playerCookie!, address: playerAddress(0) };

  const start = async () => {
    const app = await startApp({
      PORT: String(await freePort()),
      DATABASE_URL: built.url,
      AUTH_SECRET: SECRET,
      SCORELINE_NOW: MATCH_WEEK_NOW,
      DATA_DIR: os.tmpdir(),
      TRUST_PROXY: '127.0.0.1',
    });
    stops.unshift(() => app.stop());
    return app;
  };
  const [a, b] = [await start(), await start()];
  console.log(
    `PostgreSQL ${built.url.replace(/\/\/[^@]*@/, '//')}; instance A ${a.url} (pid ${a.pid}), instance B ${b.url} (pid ${b.pid}); ${STREAMS} streams on B`,
  );

  const season = encodeURIComponent(world.currentSeason);
  const gw = world.matchWeek.gameweek;
  const readB = async <T>(path: string, who?: Player) => {
    const res = await timedRequest(b.url, { label: 'read', method: 'GET', path }, who);
    if (res.status !== 200) throw new Error(`B answered ${res.status} to ${path}: ${res.body}`);
    return JSON.parse(res.body!) as T;
  };
  type Result = { homeScore: number; awayScore: number; final: boolean } | null;
  // B keeps the season's fixtures and the player's picks from here on: the events from A must drop them.
  await readB(`/api/fixtures?season=${season}&gameweek=${gw}`);
  await readB(`/api/predictions/board?season=${season}&gameweek=${gw}`, player);

  const eventLoop = async (url: string, reset: boolean) => {
    const res = await timedRequest(
      url,
      { label: 'admin', method: reset ? 'POST' : 'GET', path: `/api/admin/event-loop${reset ? '/reset' : ''}` },
      admin,
    );
    if (res.status !== 200) throw new Error(`the event-loop delay answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body!) as { delay: EventLoopDelay }).delay;
  };
  const streams = await openStreams(b.url, STREAMS, 20_000);
  const rows: string[] = [];
  const all: number[] = [];
  const afterAnswer: number[] = [];
  let missing = 0;
  let stale = 0;
  const inPlay = world.matchWeek.inPlayFixtureIds;
  for (let k = 0; k < SAVES; k++) {
    const fixtureId = inPlay[k % inPlay.length]!;
    const score = { homeScore: k % 4, awayScore: (k + 1) % 3 };
    const before = streams.arrivals.map((t) => t.length);
    await Promise.all([eventLoop(a.url, true), eventLoop(b.url, true)]);
    const at = performance.now();
    const saved = await timedRequest(
      a.url,
      {
        label: 'admin',
        method: 'PUT',
        path: `/api/admin/results/${encodeURIComponent(fixtureId)}`,
        body: JSON.stringify(score),
      },
      admin,
    );
    if (saved.status !== 200) throw new Error(`saving a result on A answered ${saved.status}: ${saved.body}`);
    // Every stream's first event after the save (at most 5 s).
    const until = performance.now() + 5000;
    while (streams.arrivals.some((t, i) => t.length <= before[i]!) && performance.now() < until)
      await new Promise((r) => setTimeout(r, 10));
    const delays = streams.arrivals.flatMap((t, i) => (t.length > before[i]! ? [t[before[i]!]! - at] : []));
    const fromAnswer = delays.map((d) => d - saved.ms);
    const [loopA, loopB] = await Promise.all([eventLoop(a.url, false), eventLoop(b.url, false)]);
    missing += STREAMS - delays.length;
    all.push(...delays);
    afterAnswer.push(...fromAnswer);
    // B answers with the result and its points (its kept fixtures and picks were dropped by A's event).
    const list = await readB<{ fixtures: Array<{ id: string; result: Result }> }>(
      `/api/fixtures?season=${season}&gameweek=${gw}`,
    );
    const board = await readB<{
      matches: Array<{
        fixture: { id: string; result: Result };
        prediction: { points: number | null; outcome: string | null } | null;
      }>;
    }>(`/api/predictions/board?season=${season}&gameweek=${gw}`, player);
    const listed = list.fixtures.find((f) => f.id === fixtureId)?.result;
    const card = board.matches.find((m) => m.fixture.id === fixtureId);
    const fresh =
      listed?.homeScore === score.homeScore &&
      listed.awayScore === score.awayScore &&
      listed.final &&
      card?.fixture.result?.homeScore === score.homeScore &&
      card.prediction?.outcome !== null;
    if (!fresh) stale++;
    rows.push(
      `| ${k + 1} | ${fixtureId} ${score.homeScore}–${score.awayScore} | ${saved.ms.toFixed(0)} | ${delays.length}/${STREAMS} | ${median(fromAnswer).toFixed(0)} | ${percentile(fromAnswer, 99).toFixed(0)} | ${percentile(delays, 99).toFixed(0)} | ${loopA.p99Ms.toFixed(0)} / ${loopB.p99Ms.toFixed(0)} | ${fresh ? 'yes' : '**no**'} |`,
    );
  }
  streams.close();
  const p99 = percentile(afterAnswer, 99);
  failed = missing > 0 || stale > 0 || p99 > BUDGET_MS;
  console.log(
    [
      '',
      `Two instances, one PostgreSQL: each result saved through A (rescoring ${PLAYERS.toLocaleString('en')} predictions), its event delivered to ${STREAMS.toLocaleString('en')} streams on B, then read from B`,
      '',
      '| save | match, score | save ms (A) | streams reached | after the answer: p50 ms | p99 ms | after the request: p99 ms | event-loop delay p99 ms, A / B | B shows it, scored |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `All saves: delivery p99 ${p99.toFixed(0)} ms from the save's answer (budget ≤ ${BUDGET_MS} ms), ${percentile(all, 99).toFixed(0)} ms from its request; ${missing} events missed; ${stale} stale answers from B. ${failed ? 'FAILED' : 'Budget met.'}`,
      `${os.cpus().length} cores, node ${process.version}, ${new Date().toISOString()}, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    ].join('\n'),
  );
} finally {
  for (const stop of stops) {
    try {
      await stop();
    } catch (err) {
      console.error(`cleaning up: ${(err as Error).message}`);
    }
  }
}
process.exit(failed === false ? 0 : 1);
