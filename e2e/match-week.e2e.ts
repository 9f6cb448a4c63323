import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  PHONE,
  launchBrowser,
  watchPageErrors,
  signedInContext,
  axeViolations,
  SERIOUS_WCAG21,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildPrediction, buildResult } from '../src/server/test/factories-game.js';

/**
 * The screens are never empty while something is open (decision records 0041, 0042 and 0108), on
 * the real 2026/27 season the app ships, in Chromium against the real server:
 * - match day, Saturday 28 November 2026 17:10 UTC: Gameweek 12 (every match at 15:00) is in play,
 *   Gameweek 13 (Wednesday 2 December) is open. The board and the dashboard lead with Gameweek 12,
 *   what is happening, and offer Gameweek 13 second; Gameweek 11 shows what happened;
 * - Thursday 26 November 2026: Gameweek 11 is played, and both open on Gameweek 12;
 * - a newcomer's first dashboard: welcomed as new, pointed at the open gameweek and at leagues.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const MATCH_DAY = '2026-11-28T17:10:00.000Z';
const THURSDAY = '2026-11-26T10:00:00.000Z';
const DESKTOP = { width: 1440, height: 900 };
/** docs/screens when making the committed screenshots (E2E_SCREENS_DIR=docs/screens), else a temporary folder. */
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (server: RunningServer, cookie: string, viewport: typeof DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

const cards = (page: Page) => page.getByTestId('fixture-card');
const gameweekOf = (handle: DatabaseHandle, gameweek: number) =>
  handle.db
    .selectFrom('fixtures')
    .select(['id'])
    .where('seasonId', '=', '2026-27')
    .where('gameweek', '=', gameweek)
    .orderBy('id')
    .execute();

/**
 * A returning player: 7 picks in Gameweek 11, 6 of whose matches have results (3 points each for
 * the exact ones: picks 1-1 against results 1-1 on the first three), and 8 picks in Gameweek 12.
 */
async function regular(handle: DatabaseHandle, teamName: string): Promise<string> {
  const user = await buildUser(handle.db, 'sqlite', { teamName });
  for (const [i, f] of (await gameweekOf(handle, 11)).entries()) {
    if (i < 7)
      await buildPrediction(handle.db, {
        userId: user.id,
        fixtureId: f.id,
        homeScore: 1,
        awayScore: 1,
        predictedAt: '2026-11-20T10:00:00.000Z',
      });
  }
  for (const [i, f] of (await gameweekOf(handle, 12)).entries()) {
    if (i < 8)
      await buildPrediction(handle.db, {
        userId: user.id,
        fixtureId: f.id,
        homeScore: 2,
        awayScore: 1,
        predictedAt: '2026-11-25T10:00:00.000Z',
      });
  }
  return buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
}

describe('match day: Saturday 28 November 2026, 17:10 UTC', () => {
  let server: RunningServer;
  let handle: DatabaseHandle;
  let newcomerCookie = '';
  let regularCookie = '';
  beforeAll(async () => {
    server = await startServer({ SCORELINE_NOW: MATCH_DAY, AUTH_SECRET: SECRET });
    handle = openDatabase(server.databaseUrl);
    const fresh = await buildUser(handle.db, 'sqlite', { teamName: 'Fresh Legs' });
    newcomerCookie = await buildSessionCookie(handle.db, 'sqlite', fresh.id, SECRET);
    regularCookie = await regular(handle, 'Regulars');
    // Gameweek 11's results, six of ten in (the rest still to come): 1-1, 1-1, 1-1, 2-0, 2-0, 2-0, scoring the picks.
    for (const [i, f] of (await gameweekOf(handle, 11)).entries()) {
      if (i < 6) await buildResult(handle.db, { fixtureId: f.id, homeScore: i < 3 ? 1 : 2, awayScore: i < 3 ? 1 : 0 });
    }
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test('a newcomer’s first dashboard, on a phone: welcomed as new, pointed at the open gameweek and at leagues', async () => {
    const ctx = await signedIn(server, newcomerCookie, PHONE);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Welcome to Scoreline, Fresh Legs!');
    await expect(page.getByText(/Welcome back/).count()).resolves.toBe(0);
    const start = page.getByTestId('next-up');
    await start.getByRole('heading', { name: 'Start with Gameweek 13' }).waitFor();
    await expect(start.textContent()).resolves.toContain('10 matches open · the first closes in 4 days');
    // The way in is on the first screen of a phone.
    const button = start.getByRole('link', { name: 'Make your first predictions' });
    const box = await button.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await start.getByTestId('league-step').getByRole('link', { name: 'Create a league' }).waitFor();
    // Gameweek 2 has results, but they never played it: no "Gameweek 2: 0 points".
    await expect(page.getByRole('heading', { name: /^Gameweek 2:/ }).count()).resolves.toBe(0);
    await expect(page.getByText('No upcoming matches scheduled').count()).resolves.toBe(0);
    // Match day leads with today's matches, in play (decision record 0108).
    await page.getByRole('heading', { name: 'Matches - Gameweek 12' }).waitFor();
    expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENS, 'dashboard-first-phone.png'), fullPage: true });

    // Joining or creating a league is a click away.
    await start.getByRole('link', { name: 'Join a league' }).click();
    await page.waitForURL('**/leagues?join=1');
    await page.goBack();
    await button.click();
    await page.waitForURL('**/predictions?gameweek=13');
    await expect.poll(() => page.getByLabel('Gameweek', { exact: true }).inputValue()).toBe('13');
    await expect.poll(() => cards(page).count()).toBe(10);
    await expect(cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).resolves.toEqual(
      Array(10).fill('open'),
    );
    await page.getByText('0 of 10 predicted').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('a returning player, on a desktop: both lead with Gameweek 12, in play, and offer Gameweek 13 second; Gameweek 11 shows what happened', async () => {
    const ctx = await signedIn(server, regularCookie, DESKTOP);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Welcome back, Regulars!');
    // Match day leads with today (decision record 0108): Gameweek 12 in play, then Gameweek 13, open.
    const today = page.getByTestId('next-up');
    await today.getByRole('heading', { name: 'Gameweek 12 is in play' }).waitFor();
    await expect(today.textContent()).resolves.toContain('8 of 10 predicted · predictions are closed');
    const next = page.getByTestId('next-open');
    await next.getByRole('heading', { name: 'Gameweek 13 is open' }).waitFor();
    await expect(next.textContent()).resolves.toContain('0 of 10 predicted · the first open match closes in 4 days');
    await page.getByRole('heading', { name: 'Matches - Gameweek 12' }).waitFor();
    await expect(
      page
        .getByRole('region', { name: /Matches - Gameweek 12/ })
        .getByRole('listitem')
        .count(),
    ).resolves.toBe(5);
    await expect(page.locator('li[data-status="live"]').count()).resolves.toBe(5);
    await expect(page.getByText('No upcoming matches scheduled').count()).resolves.toBe(0);
    // Their last scored gameweek, which they played.
    await page.getByRole('heading', { name: 'Gameweek 11: 9 points' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/match-week-dashboard-desktop.png`, fullPage: true });

    await next.getByRole('link', { name: 'Make Predictions' }).click();
    await page.waitForURL('**/predictions?gameweek=13');
    const picker = page.getByLabel('Gameweek', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe('13');
    await expect(page.getByTestId('gameweek-state').textContent()).resolves.toBe('Open for predictions');
    await expect.poll(() => cards(page).count()).toBe(10);
    await expect(page.locator('input[data-quick-entry]').count()).resolves.toBe(20);
    // The dropdown names each gameweek with its state.
    await expect(picker.locator('option:checked').textContent()).resolves.toBe('Gameweek 13 · open');
    await expect(picker.locator('option[value="12"]').textContent()).resolves.toBe('Gameweek 12 · in play');
    await expect(picker.locator('option[value="11"]').textContent()).resolves.toBe('Gameweek 11 · played');
    expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);

    // Gameweek 12, in play: every match with the player's pick (or none), nothing to enter.
    await page.getByRole('button', { name: 'Previous gameweek' }).click();
    await page.getByRole('heading', { name: 'Gameweek 12' }).waitFor();
    await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('In play');
    await expect.poll(() => page.getByTestId('gameweek-tally').textContent()).toBe('8 of 10 predicted');
    await expect(cards(page).count()).resolves.toBe(10);
    await expect(cards(page).getByText('Your prediction 2–1').count()).resolves.toBe(8);
    await expect(cards(page).getByText('No prediction').count()).resolves.toBe(2);
    await expect(page.locator('input[data-quick-entry]').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Go to Gameweek 13, open for predictions' }).waitFor();

    // Gameweek 11, played: results as the main score, the picks' points, the gameweek's line and summary.
    await page.getByRole('button', { name: 'Previous gameweek' }).click();
    await page.getByRole('heading', { name: 'Gameweek 11' }).waitFor();
    await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('Played');
    await expect
      .poll(() => page.getByTestId('gameweek-tally').textContent())
      .toBe('7 of 10 predicted · 9 points · 6 of 10 results in');
    await expect(cards(page).getByTestId('card-score').count()).resolves.toBe(6);
    await expect(page.locator('[data-outcome="exact"]').count()).resolves.toBe(3);
    await expect(page.locator('[data-outcome="wrong"]').count()).resolves.toBe(3);
    await page.getByRole('link', { name: 'Your Gameweek 11 summary' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/match-week-gameweek-11-desktop.png`, fullPage: true });
    expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);

    // The URL names the gameweek shown, so a reload or a shared link lands there.
    expect(new URL(page.url()).searchParams.get('gameweek')).toBe('11');
    await page.reload();
    await page.getByRole('heading', { name: 'Gameweek 11' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('Thursday 26 November 2026', () => {
  let server: RunningServer;
  let handle: DatabaseHandle;
  let cookie = '';
  beforeAll(async () => {
    server = await startServer({ SCORELINE_NOW: THURSDAY, AUTH_SECRET: SECRET });
    handle = openDatabase(server.databaseUrl);
    cookie = await regular(handle, 'Midweek');
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test('Gameweek 11 is played and Gameweek 12 open: both open on Gameweek 12, and Gameweek 11 shows all ten matches', async () => {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const ctx = await signedIn(server, cookie, viewport);
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/dashboard');
      const next = page.getByTestId('next-up');
      await next.getByRole('heading', { name: 'Gameweek 12 is open' }).waitFor();
      await expect(next.textContent()).resolves.toContain('8 of 10 predicted · the first open match closes in 2 days');
      await next.getByRole('link', { name: 'Make Predictions' }).click();
      await page.waitForURL('**/predictions');
      await expect.poll(() => page.getByLabel('Gameweek', { exact: true }).inputValue()).toBe('12');
      await expect.poll(() => cards(page).count()).toBe(10);
      await expect(
        cards(page).evaluateAll((els) => els.every((e) => e.getAttribute('data-state') === 'open')),
      ).resolves.toBe(true);
      await page.getByText('8 of 10 predicted').waitFor();
      await page.screenshot({ path: `${SHOTS}/match-week-thursday-board-${size}.png`, fullPage: size === 'desktop' });

      await page.getByRole('button', { name: 'Previous gameweek' }).click();
      await page.getByRole('heading', { name: 'Gameweek 11' }).waitFor();
      await expect.poll(() => page.getByTestId('gameweek-state').textContent()).toBe('Played');
      await expect
        .poll(() => cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))
        .toEqual(Array(10).fill('played'));
      await expect(page.getByTestId('gameweek-tally').textContent()).resolves.toBe('7 of 10 predicted');
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
