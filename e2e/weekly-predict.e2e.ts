import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newContext,
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
 * The weekly loop of predicting, in Chromium against the real server: on Monday 23 November 2026
 * (SCORELINE_NOW) 2026/27 is current and Gameweek 12 (from Saturday 28 November) is open. A player
 * predicts the whole gameweek from the keyboard on the cards, two key presses a match.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-23T10:00:00.000Z';
/** docs/screens when making the committed screenshots (E2E_SCREENS_DIR=docs/screens), else a temporary folder. */
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp';
/** Saves wait for a short pause in typing, then the server: give polls a generous ceiling (not a duration under test). */
const POLL = { timeout: 10_000 };
let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(
  teamName: string,
  viewport: typeof DESKTOP,
  onUser?: (id: string) => Promise<void>,
): Promise<BrowserContext> {
  const user = await buildUser(handle.db, 'sqlite', { teamName });
  await onUser?.(user.id);
  const cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
  return signedInContext(browser, server.url, cookie, { viewport });
}

/** Every console message a page logs (errors and warnings included, e.g. React Router's or a failed request's). */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
  });
  return messages;
}

/** Board requests the page made (`count`, which a test may reset) and those still unanswered (`inFlight`). */
function countBoardRequests(page: Page): { count: number; inFlight: number } {
  const counter = { count: 0, inFlight: 0 };
  const isBoard = (req: Request) => req.method() === 'GET' && new URL(req.url()).pathname === '/api/predictions/board';
  page.on('request', (req) => {
    if (!isBoard(req)) return;
    counter.count++;
    counter.inFlight++;
  });
  const answered = (req: Request) => {
    if (isBoard(req)) counter.inFlight--;
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return counter;
}

const cards = (page: Page) => page.getByTestId('fixture-card');
const quickInputs = (page: Page) => page.locator('input[data-quick-entry]');
/** A different pick for each match, one digit a side. */
const pick = (i: number) => ({ home: String(i % 4), away: String((i + 1) % 3) });

describe('predicting a gameweek from the cards', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`a whole gameweek from the keyboard, two key presses a match, saved and kept (${size})`, async () => {
      const ctx = await signedIn(`Quick ${size}`, viewport);
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      const consoleMessages = collectConsole(page);
      const board = countBoardRequests(page);

      await page.goto('/predictions');
      await cards(page).first().waitFor();
      await expect(page.title()).resolves.toBe('Predictions · Scoreline');
      await expect(page.getByLabel('Gameweek').inputValue()).resolves.toBe('12');
      const matches = await cards(page).count();
      expect(matches).toBe(10);
      await expect(quickInputs(page).count()).resolves.toBe(2 * matches);
      await page.getByText(`0 of ${matches} predicted`).waitFor();
      // Each open card counts down to its deadline (2 hours before kick-off, five days ahead here).
      await expect(cards(page).getByTestId('countdown').count()).resolves.toBe(matches);
      await expect(cards(page).first().getByTestId('countdown').textContent()).resolves.toMatch(/^closes in \d+ days?/);

      // The keyboard: focus the first score, then only digits. Every key press is counted.
      await quickInputs(page).first().focus();
      let keyPresses = 0;
      for (let i = 0; i < matches; i++) {
        const { home, away } = pick(i);
        await page.keyboard.press(home);
        keyPresses++;
        await page.keyboard.press(away);
        keyPresses++;
      }
      expect(keyPresses / matches).toBeLessThanOrEqual(2);
      await expect
        .poll(() => page.locator('[data-testid="quick-entry"][data-state="saved"]').count(), POLL)
        .toBe(matches);
      await page.getByText(`${matches} of ${matches} predicted`).waitFor();
      for (let i = 0; i < matches; i++) {
        const { home, away } = pick(i);
        await cards(page).nth(i).getByText(`Your prediction: ${home} - ${away}`).waitFor();
      }
      const saved = await handle.db
        .selectFrom('predictions')
        .innerJoin('user', 'user.id', 'predictions.userId')
        .select(['predictions.homeScore'])
        .where('user.teamName', '=', `Quick ${size}`)
        .execute();
      expect(saved).toHaveLength(matches);

      // A save costs one board request (the live event's refresh), not two: the card took the answer itself.
      // A fresh page first, so no refresh for the saves above can still be on its way (their events
      // went to the old page's stream); then count from the moment its board has loaded.
      await page.reload();
      await cards(page)
        .first()
        .getByText(/^Your prediction: /)
        .waitFor();
      await expect.poll(() => board.inFlight, POLL).toBe(0);
      board.count = 0;
      const first = cards(page).first();
      await first.getByRole('textbox').first().focus();
      await page.keyboard.press('3');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      // The card shows the saved answer (any refresh of its own would have been asked for by now);
      // then the live event's refresh comes and is answered.
      await first.getByText(/^Your prediction: 3 - /).waitFor();
      await expect.poll(() => board.count > 0 && board.inFlight === 0, POLL).toBe(true);
      expect(board.count).toBe(1);

      // Steppers, for a thumb: + and − beside each score, named for the club.
      const second = cards(page).nth(1);
      const increase = second.getByRole('button', { name: /^Increase .+ goals$/ }).first();
      await increase.click();
      await increase.click();
      const expectedHome = String(Number(pick(1).home) + 2);
      await second.getByText(`Your prediction: ${expectedHome} - ${pick(1).away}`).waitFor();

      if (size === 'desktop') {
        // The sidebar stays in view at the bottom of the long board.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBeGreaterThan(300);
        const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
        expect(nav!.y).toBeGreaterThanOrEqual(0);
        expect(nav!.y).toBeLessThan(viewport.height / 2);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENS, `predictions-${size}.png`), fullPage: size === 'desktop' });

      // Reload: every pick is there, in the inputs and on the cards.
      await page.reload();
      await cards(page).first().waitFor();
      await page.getByText(`${matches} of ${matches} predicted`).waitFor();
      for (let i = 0; i < matches; i++) {
        const inputs = cards(page).nth(i).locator('input[data-quick-entry]');
        const expected =
          i === 0 ? { home: '3', away: pick(0).away } : i === 1 ? { home: expectedHome, away: pick(1).away } : pick(i);
        await expect(inputs.nth(0).inputValue()).resolves.toBe(expected.home);
        await expect(inputs.nth(1).inputValue()).resolves.toBe(expected.away);
      }

      // Previous / next beside the dropdown, off at the ends.
      await page.getByRole('button', { name: 'Next gameweek' }).click();
      await expect.poll(() => page.getByLabel('Gameweek').inputValue(), POLL).toBe('13');
      await page.getByRole('button', { name: 'Previous gameweek' }).click();
      await page.getByRole('button', { name: 'Previous gameweek' }).click();
      await expect.poll(() => page.getByLabel('Gameweek').inputValue(), POLL).toBe('11');
      // Gameweek 11 has been played: no score inputs and no Edit button on its cards.
      await page.getByRole('heading', { name: 'Gameweek 11' }).waitFor();
      await cards(page).first().waitFor();
      await page.screenshot({ path: `/tmp/predictions-past-${size}.png`, fullPage: true });
      await expect(quickInputs(page).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^(Edit|Predict)/ }).count()).resolves.toBe(0);
      await page.getByLabel('Gameweek').selectOption('1');
      await expect.poll(() => page.getByRole('button', { name: 'Previous gameweek' }).isDisabled(), POLL).toBe(true);
      await expect(page.getByRole('button', { name: 'Next gameweek' }).isDisabled()).resolves.toBe(false);
      await page.getByLabel('Gameweek').selectOption('38');
      await expect.poll(() => page.getByRole('button', { name: 'Next gameweek' }).isDisabled(), POLL).toBe(true);
      await page.getByLabel('Gameweek').selectOption('12');
      await page.getByRole('heading', { name: 'Gameweek 12' }).waitFor();
      await cards(page).first().waitFor();

      expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
      expect(errors).toEqual([]);
      expect(consoleMessages).toEqual([]);
      await ctx.close();
    });
  }

  test('a refused save says why on its card, and Retry is offered when trying again can help', async () => {
    const ctx = await signedIn('Refused', DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/predictions');
    await cards(page).first().waitFor();
    // The server goes away for a moment: the card says it was not saved and offers Retry.
    await page.route('**/api/predictions/*', (route) =>
      route.request().method() === 'PUT' ? route.abort() : route.continue(),
    );
    const first = cards(page).first();
    await quickInputs(page).first().focus();
    await page.keyboard.press('2');
    await page.keyboard.press('0');
    await first.getByRole('status').filter({ hasText: 'Not saved: Could not reach Scoreline.' }).waitFor();
    await expect(first.getByTestId('quick-entry').getAttribute('data-state')).resolves.toBe('failed');
    await page.unroute('**/api/predictions/*');
    await first.getByRole('button', { name: 'Retry' }).click();
    await first.getByText('Your prediction: 2 - 0').waitFor();
    await expect(first.getByTestId('quick-entry').getAttribute('data-state')).resolves.toBe('saved');
    await ctx.close();
  });

  test('the dashboard nudges when the next deadline is under 24 hours away with matches unpredicted, and Live Matches offers Predict now only while open', async () => {
    // A player of last week (a pick in Gameweek 11), so the dashboard is a returning player's.
    const lastWeek = await handle.db
      .selectFrom('fixtures')
      .select('id')
      .where('seasonId', '=', '2026-27')
      .where('gameweek', '=', 11)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const ctx = await signedIn('Nudged', DESKTOP, (id) =>
      buildPrediction(handle.db, { userId: id, fixtureId: lastWeek.id, homeScore: 1, awayScore: 1 }).then(
        () => undefined,
      ),
    );
    const page = await ctx.newPage();
    const consoleMessages = collectConsole(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /^Upcoming Matches/ }).waitFor();
    // Five days before the gameweek: no nudge, the gameweek leads with its button.
    await expect(page.getByTestId('deadline-nudge').count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Gameweek 12 is open' }).waitFor();
    await expect(page.getByTestId('next-up').textContent()).resolves.toMatch(
      /0 of 10 predicted · the first open match closes in 5 days/,
    );

    // The admin moves one match of the gameweek to this evening: its deadline is hours away.
    const admin = await buildUser(handle.db, 'sqlite', { role: 'admin' });
    const adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, SECRET);
    const serverNow = Date.parse(
      ((await (await ctx.request.get('/api/predictions/board')).json()) as { now: string }).now,
    );
    const [soon, closing] = await handle.db
      .selectFrom('fixtures')
      .select(['id', 'kickoffAt', 'homeTeam', 'awayTeam', 'localDate', 'localTime'])
      .where('seasonId', '=', '2026-27')
      .where('gameweek', '=', 12)
      .orderBy('id')
      .limit(2)
      .execute();
    const move = async (f: typeof soon, at: number) => {
      // November: UK time is UTC.
      const iso = new Date(at).toISOString();
      const res = await fetch(`${server.url}/api/admin/fixtures/${encodeURIComponent(f!.id)}`, {
        method: 'PUT',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          homeTeam: f!.homeTeam,
          awayTeam: f!.awayTeam,
          date: iso.slice(0, 10),
          time: iso.slice(11, 16),
        }),
      });
      expect(res.status, await res.text()).toBe(200);
    };
    await move(soon, serverNow + 7.5 * 3_600_000);
    // And one kicks off within the hour: its deadline has passed.
    await move(closing, serverNow + 3_600_000);
    try {
      await page.reload();
      const nudge = page.getByTestId('deadline-nudge');
      await nudge.waitFor();
      await page.screenshot({ path: '/tmp/dashboard-nudge.png' });
      await expect(nudge.textContent()).resolves.toMatch(
        /1 match without your prediction in Gameweek 12: the next one closes in 5 h \d+ min\./,
      );
      // Live Matches, today: "Predict now" for the open one only.
      await page.goto('/matches');
      const matchCard = (id: string) => page.locator(`[data-testid="match-card"][data-fixture-id="${id}"]`);
      await matchCard(soon!.id).getByRole('link', { name: 'Predict now' }).waitFor();
      await matchCard(closing!.id).getByText('Predictions for this match have closed.').waitFor();
      await expect(matchCard(closing!.id).getByRole('link', { name: 'Predict now' }).count()).resolves.toBe(0);
      await page.goto('/dashboard');
      await nudge.getByRole('link', { name: 'Predict now' }).click();
      await page.waitForURL('**/predictions');
      await expect.poll(() => page.title(), POLL).toBe('Predictions · Scoreline');
      const moved = cards(page).filter({
        has: page.locator('[data-testid="countdown"]', { hasText: /closes in 5 h/ }),
      });
      await moved.waitFor();
      await moved.locator('input[data-quick-entry]').first().focus();
      await page.keyboard.press('1');
      await page.keyboard.press('1');
      await moved.getByText('Your prediction: 1 - 1').waitFor();
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { name: /^Upcoming Matches/ }).waitFor();
      await expect.poll(() => page.getByTestId('deadline-nudge').count(), POLL).toBe(0);
      expect(consoleMessages).toEqual([]);
    } finally {
      for (const f of [soon!, closing!])
        await handle.db
          .updateTable('fixtures')
          .set({ kickoffAt: f.kickoffAt, localDate: f.localDate, localTime: f.localTime, predictionsLockedAt: null })
          .where('id', '=', f.id)
          .execute();
      await ctx.close();
    }
  });

  test('a played match shows the result as the main score, the pick labelled as a prediction, and its points', async () => {
    const played = await handle.db
      .selectFrom('fixtures')
      .select(['id', 'homeTeam'])
      .where('seasonId', '=', '2026-27')
      .where('gameweek', '=', 11)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await buildResult(handle.db, { fixtureId: played.id, homeScore: 3, awayScore: 0 });
    const ctx = await signedIn('Hindsight', DESKTOP, (id) =>
      buildPrediction(handle.db, { userId: id, fixtureId: played.id, homeScore: 2, awayScore: 1 }).then(
        () => undefined,
      ),
    );
    const page = await ctx.newPage();
    await page.goto('/predictions');
    await cards(page).first().waitFor();
    await page.getByLabel('Gameweek').selectOption('11');
    await page.getByRole('heading', { name: 'Gameweek 11' }).waitFor();
    const card = cards(page)
      .filter({ has: page.getByTestId('card-score') })
      .first();
    await expect(card.getByTestId('card-score').textContent()).resolves.toBe('3 - 0');
    await card.getByText('Full time').waitFor();
    await expect(card.textContent()).resolves.toContain('Your prediction 2–1');
    await expect(card.locator('[data-outcome="outcome"]').textContent()).resolves.toBe('Correct result! +1 point');
    await expect(card.getByRole('button').count()).resolves.toBe(0);
    await card.screenshot({ path: '/tmp/past-card.png' });
    await ctx.close();
  });

  test("on a phone the player's own row of a league table shows their whole team name", async () => {
    const ctx = await signedIn('Kop End Kings of Anfield', PHONE);
    const page = await ctx.newPage();
    await page.goto('/leaderboard');
    await page.locator('h1').first().waitFor();
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/leagues', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'The Sunday League of Legends' }),
      });
      return res.status;
    });
    expect(created).toBeLessThan(300);
    await page.reload();
    const own = page.locator('tr', { hasText: 'You' }).filter({ hasText: 'Kop End Kings of Anfield' }).first();
    await own.waitFor();
    const name = own.getByText('Kop End Kings of Anfield', { exact: true });
    // Nothing cut off: the whole name is laid out (it wraps if it must).
    await expect(name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/leaderboard-own-row-phone.png', fullPage: true });
    await ctx.close();
  });

  test('public pages log nothing to the console, and a visitor asks for no session-only data', async () => {
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    const consoleMessages = collectConsole(page);
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 401) refused.push(res.url());
    });
    for (const [route, title] of [
      ['/login', 'Log in · Scoreline'],
      ['/signup', 'Sign up · Scoreline'],
      ['/reset-password', 'Reset password · Scoreline'],
    ] as const) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.title(), POLL).toBe(title);
    }
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
    expect(consoleMessages).toEqual([]);
    await ctx.close();
  });
});
