import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, signedInContext, watchPageErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildPrediction } from '../src/server/test/factories-game.js';

/**
 * Every screen follows the clock (decision record 0108), in Chromium against the real server on
 * the 2026/27 season the app ships. The server's clock starts shortly before Gameweek 12's
 * deadline (Saturday 28 November 2026, 13:00 UTC; nine matches at 15:00) and runs on. Three
 * instants follow each other, far enough apart for the checks between them on a busy machine:
 * - T1, 13:00:00: the nine matches' deadline;
 * - T2, 13:00:40: a tenth Gameweek 12 match (moved) kicks off;
 * - T3, 13:01:20: a Gameweek 11 match (moved to 10:46:20) reaches full time.
 * The Predictions board and the dashboard are opened on a phone and on a desktop before T1. For
 * each instant the browsers' clocks are paused (page.clock), the test waits until the server's
 * clock has passed it, checks that nothing changed on the pages meanwhile (no polling), then runs
 * the browsers' clocks past it and checks that the header, badge, dropdown, progress, banker line
 * and dashboard cards changed, with no reload.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const START = '2026-11-28T12:59:00.000Z';
const T1 = Date.parse('2026-11-28T13:00:00.000Z');
const T2 = Date.parse('2026-11-28T13:00:40.000Z');
const T3 = Date.parse('2026-11-28T13:01:20.000Z');
const PAUSE_AHEAD_MS = 1_000;

let server: RunningServer;
let handle: DatabaseHandle;
let browser: Browser;
let cookie = '';

const gameweekOf = (gameweek: number) =>
  handle.db
    .selectFrom('fixtures')
    .select(['id'])
    .where('seasonId', '=', '2026-27')
    .where('gameweek', '=', gameweek)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: START, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  // Written before the first request, so nothing the server keeps has read the fixtures yet.
  const [kickoff, ...rest] = await gameweekOf(12);
  await handle.db
    .updateTable('fixtures')
    .set({ kickoffAt: new Date(T2).toISOString(), localTime: '13:00' })
    .where('id', '=', kickoff!.id)
    .execute();
  const [fullTime] = await gameweekOf(11);
  await handle.db
    .updateTable('fixtures')
    .set({ kickoffAt: '2026-11-28T10:46:20.000Z', localDate: '2026-11-28', localTime: '10:46' })
    .where('id', '=', fullTime!.id)
    .execute();
  const user = await buildUser(handle.db, 'sqlite', { teamName: 'Clock Watchers' });
  for (const f of rest.slice(0, 3))
    await buildPrediction(handle.db, { userId: user.id, fixtureId: f.id, predictedAt: '2026-11-27T10:00:00.000Z' });
  cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
});
afterAll(async () => {
  await browser?.close();
  await handle?.close();
  await server?.stop();
});

/** The server's clock, as its answer says (a board request is as cheap as any). */
async function serverNow(): Promise<number> {
  const res = await fetch(`${server.url}/api/predictions/board`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/**
 * Pauses every page's clock, waits until the server's clock has passed `instant`, checks with
 * `unchanged` that the pages did not move meanwhile (nothing polls), then runs each page's clock to
 * just past it and lets time flow again.
 */
async function cross(pages: Page[], instant: number, unchanged: () => Promise<void>) {
  // Each page's clock follows the server's (learnt from its answers), so it reads what the
  // server's reads; pausing jumps it ahead by PAUSE_AHEAD_MS.
  const atPause = await serverNow();
  expect(atPause + PAUSE_AHEAD_MS, 'the pages are paused before the instant').toBeLessThan(instant - 1_000);
  for (const page of pages) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_AHEAD_MS);
  // The server's clock runs on by itself: wait for it, not for a fixed time.
  await expect.poll(serverNow, { timeout: 90_000, interval: 500 }).toBeGreaterThan(instant + 1_000);
  await unchanged();
  for (const page of pages) {
    await page.clock.runFor(instant + 1_500 - (atPause + PAUSE_AHEAD_MS));
    await page.clock.resume();
  }
}

const option = (page: Page, gameweek: number) => page.locator(`#board-gameweek option[value="${gameweek}"]`);

describe('every screen follows the clock across a deadline, a kick-off and a full time', () => {
  test('the Predictions board and the dashboard, on a phone and on a desktop', { timeout: 300_000 }, async () => {
    const boards: Page[] = [];
    const dashboards: Page[] = [];
    const errors: string[][] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const ctx = await signedInContext(browser, server.url, cookie, { viewport });
      for (const path of ['/predictions', '/dashboard']) {
        const page = await ctx.newPage();
        errors.push(watchPageErrors(page));
        await page.clock.install();
        await page.goto(path);
        // Gone if the page were loaded again.
        await page.evaluate(() => Object.assign(window, { stayedOpen: true }));
        (path === '/predictions' ? boards : dashboards).push(page);
      }
    }

    // Before the deadline: Gameweek 12 is open.
    for (const page of boards) {
      await page.getByRole('heading', { name: 'Gameweek 12', exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('Open for predictions');
      await page.getByTestId('banker-rule').waitFor();
      await page.getByTestId('gameweek-bar').waitFor();
      await expect.poll(() => page.getByTestId('gameweek-tally').textContent()).toBe('3 of 10 predicted');
      await expect(option(page, 12).textContent()).resolves.toBe('Gameweek 12 · open');
      await expect(option(page, 11).textContent()).resolves.toBe('Gameweek 11 · in play');
    }
    for (const page of dashboards) {
      const nudge = page.getByTestId('deadline-nudge');
      await nudge.getByRole('link', { name: 'Predict now' }).waitFor();
      await expect(nudge.textContent()).resolves.toContain('6 matches without your prediction in Gameweek 12');
      await expect(page.getByTestId('next-open').count()).resolves.toBe(0);
    }
    expect(await serverNow(), 'the pages were ready before the deadline').toBeLessThan(T1 - 5_000);

    // T1, the deadline.
    await cross([...boards, ...dashboards], T1, async () => {
      for (const page of boards)
        await expect(page.getByTestId('gameweek-state').textContent()).resolves.toBe('Open for predictions');
      for (const page of dashboards) await expect(page.getByTestId('deadline-nudge').count()).resolves.toBe(1);
    });
    for (const page of boards) {
      await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('Predictions closed');
      await expect.poll(() => page.getByTestId('banker-rule').count()).toBe(0);
      await expect.poll(() => page.getByTestId('gameweek-bar').count()).toBe(0);
      await expect.poll(() => option(page, 12).textContent()).toBe('Gameweek 12 · closed');
      await expect.poll(() => page.locator('[data-testid="fixture-card"][data-window="open"]').count()).toBe(0);
      // Match day leads with today; the next open gameweek comes second, with its deadline.
      await expect
        .poll(() => page.getByTestId('next-open').textContent())
        .toBe('Go to Gameweek 13, open for predictions · its first match closes in 4 days');
    }
    for (const page of dashboards) {
      const lead = page.getByTestId('next-up');
      await expect
        .poll(() => lead.getByRole('heading').textContent())
        .toBe('Gameweek 12 kicks off Sat 28 Nov at 13:00');
      await expect(lead.textContent()).resolves.toContain('3 of 10 predicted · predictions are closed');
      await expect(page.getByTestId('deadline-nudge').count()).resolves.toBe(0);
      const next = page.getByTestId('next-open');
      await expect.poll(() => next.getByRole('heading').textContent()).toBe('Gameweek 13 is open');
      await expect(next.textContent()).resolves.toContain('0 of 10 predicted · the first open match closes in 4 days');
    }

    // T2, a kick-off: the gameweek is in play.
    await cross([...boards, ...dashboards], T2, async () => {
      for (const page of boards)
        await expect(page.getByTestId('gameweek-state').textContent()).resolves.toBe('Predictions closed');
    });
    for (const page of boards) {
      await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('In play');
      await expect.poll(() => option(page, 12).textContent()).toBe('Gameweek 12 · in play');
    }
    for (const page of dashboards) {
      await expect
        .poll(() => page.getByTestId('next-up').getByRole('heading').textContent())
        .toBe('Gameweek 12 is in play');
      await expect.poll(() => page.locator('li[data-status="live"]').count()).toBe(1);
      await page.getByRole('heading', { name: 'Matches - Gameweek 12' }).waitFor();
    }

    // T3, a full time elsewhere in the season: Gameweek 11 has been played.
    await cross(boards, T3, async () => {
      for (const page of boards) await expect(option(page, 11).textContent()).resolves.toBe('Gameweek 11 · in play');
    });
    for (const page of boards) await expect.poll(() => option(page, 11).textContent()).toBe('Gameweek 11 · played');

    for (const page of [...boards, ...dashboards])
      await expect(
        page.evaluate(() => 'stayedOpen' in window),
        'no page was reloaded',
      ).resolves.toBe(true);
    expect(errors.flat()).toEqual([]);
  });
});
