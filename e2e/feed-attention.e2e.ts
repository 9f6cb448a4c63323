import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  signedInContext,
  watchPageErrors,
  WCAG2_BODY,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { fixtureId } from '../src/game/fixture-id.js';
import { builtinMatches } from '../src/server/season-files/test-support.js';

/**
 * The admin's feed needs attention, in Chromium against the real server (clock: Saturday 28
 * November 2026, 12:00). A failed run stays on the feed panel and on the admin's to-do, with its
 * time and reason, after a reload, until a run succeeds. Then the feed moves Spurs v Fulham
 * (Wednesday 2 December) to yesterday with 4-0: nothing is applied, the move waits on the panel and
 * the to-do, and the admin confirms it (decision 0100).
 */
const AUTH_SECRET = crypto.randomBytes(32).toString('hex');
const SEASON = '2026-27';
const all = builtinMatches(SEASON);
const SPURS_FULHAM = all.find((m) => m.home === 'Tottenham Hotspur FC' && m.away === 'Fulham FC')!;
const ID = fixtureId(SPURS_FULHAM.home, SPURS_FULHAM.away, SPURS_FULHAM.date);

/** 2026/27 as openfootball JSON, Spurs v Fulham played on Friday 27 November, 4-0. */
const ATTACK = JSON.stringify({
  name: 'English Premier League 2026/27',
  matches: all.map((m) => {
    const x = m === SPURS_FULHAM ? { ...m, date: '2026-11-27', time: '20:00', result: [4, 0] as [number, number] } : m;
    return {
      round: `Matchday ${x.round}`,
      date: x.date,
      ...(x.time && !x.postponed ? { time: x.time } : {}),
      team1: x.home,
      team2: x.away,
      ...(x.result ? { score: { ft: x.result } } : {}),
      ...(x.postponed ? { status: 'postponed' } : {}),
    };
  }),
});

const shots = process.env.E2E_SCREENSHOTS ?? os.tmpdir();
let server: RunningServer;
let browser: Browser;
let feed: http.Server;
let feedUrl = '';
let body: string | null = null;
let cookie = '';

beforeAll(async () => {
  feed = http.createServer((_req, res) => {
    if (body === null) return res.writeHead(503).end('down');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/2026-27.json`;
  [server, browser] = await Promise.all([
    startServer({ AUTH_SECRET, SCORELINE_NOW: '2026-11-28T12:00:00Z', FEED_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    launchBrowser(),
  ]);
  const handle = openDatabase(server.databaseUrl);
  try {
    const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', email: 'feeds@example.com' });
    cookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, AUTH_SECRET);
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => feed?.close(r));
});

/** Spurs v Fulham's kick-off and result as stored. */
async function stored() {
  const handle = openDatabase(server.databaseUrl);
  try {
    const row = await handle.db
      .selectFrom('fixtures')
      .select('kickoffAt')
      .where('id', '=', ID)
      .executeTakeFirstOrThrow();
    const result = await handle.db.selectFrom('results').selectAll().where('fixtureId', '=', ID).executeTakeFirst();
    return { kickoffAt: row.kickoffAt, result };
  } finally {
    await handle.close();
  }
}

test('a failed run stays on the panel and the to-do until a run succeeds; a move into the past waits for the admin, who confirms it', async () => {
  const ctx = await signedInContext(browser, server.url, cookie, { viewport: DESKTOP });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/admin');
  expect((await page.request.put(`/api/admin/seasons/${SEASON}/feed`, { data: { feedUrl } })).status()).toBe(200);

  // The feed's server is down: "Sync now" fails, and the panel says so in an alert, not only a toast.
  await page.goto(`/admin/seasons?feed=${SEASON}`);
  const panel = page.getByTestId(`feed-panel-${SEASON}`);
  await panel.getByRole('button', { name: 'Sync now' }).click();
  const failure = panel.getByTestId('feed-failure').getByRole('alert');
  await failure.getByText('The last feed run failed').waitFor();
  await failure.getByText('HTTP 503', { exact: false }).waitFor();
  await failure.getByText('This stays here until a run succeeds.', { exact: false }).waitFor();
  expect(await axeViolations(page, { ...WCAG2_BODY, include: [`[data-testid="feed-panel-${SEASON}"]`] })).toEqual([]);

  // Still there after a reload, and on the admin's to-do, with the reason; the "not brought them yet" line is gone.
  await page.reload();
  await page
    .getByTestId(`feed-panel-${SEASON}`)
    .getByTestId('feed-failure')
    .getByText('HTTP 503', { exact: false })
    .waitFor();
  await page.goto('/admin');
  const todo = page.getByTestId(`feed-todo-${SEASON}`);
  await todo.getByRole('alert').getByText('last run failed', { exact: false }).waitFor();
  await todo.getByText('HTTP 503', { exact: false }).waitFor();
  await expect(page.getByText('has not brought them yet').count()).resolves.toBe(0);
  expect(await axeViolations(page, { ...WCAG2_BODY, include: ['[data-testid="feed-todo"]'] })).toEqual([]);
  await page.screenshot({ path: path.join(shots, 'admin-feed-todo-failed-desktop.png'), fullPage: true });

  // The feed is back, and moves Spurs v Fulham to yesterday with 4-0: the failure is gone, the move waits.
  body = ATTACK;
  await page.goto(`/admin/seasons?feed=${SEASON}`);
  const again = page.getByTestId(`feed-panel-${SEASON}`);
  await again.getByRole('button', { name: 'Sync now' }).click();
  const move = again.getByTestId('held-move');
  await move.getByText('Tottenham Hotspur v Fulham', { exact: false }).waitFor();
  await move.getByText('with a result of 4-0', { exact: false }).waitFor();
  await again.getByTestId('feed-failure').waitFor({ state: 'detached' });
  await page.getByTestId(`season-${SEASON}`).getByText('1 move to confirm').waitFor();
  await page.screenshot({ path: path.join(shots, 'admin-feed-held-move-desktop.png'), fullPage: true });
  expect(await stored()).toEqual({ kickoffAt: '2026-12-02T20:00:00.000Z', result: undefined });
  expect(await axeViolations(page, { ...WCAG2_BODY, include: [`[data-testid="feed-panel-${SEASON}"]`] })).toEqual([]);

  await page.goto('/admin');
  await page.getByTestId(`feed-todo-${SEASON}`).getByText('1 move of unplayed matches', { exact: false }).waitFor();

  // Confirmed: the match moves and its result counts.
  await page.goto(`/admin/seasons?feed=${SEASON}`);
  const last = page.getByTestId(`feed-panel-${SEASON}`);
  await last.getByRole('button', { name: 'Confirm the move of Tottenham Hotspur v Fulham' }).click();
  await last.getByTestId('held-moves').waitFor({ state: 'detached' });
  expect(await stored()).toEqual({
    kickoffAt: '2026-11-27T20:00:00.000Z',
    result: expect.objectContaining({ homeScore: 4, awayScore: 0, final: 1 }),
  });
  expect(errors).toEqual([]);
  await ctx.close();
});
