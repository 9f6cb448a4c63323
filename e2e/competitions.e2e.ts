import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, signedInContext, watchPageErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

/**
 * The Champions League and the World Cup beside the Premier League, in Chromium against the real
 * server with its built-in seasons. The clock is Saturday 28 November 2026: the World Cup 2026 is
 * over (its final, Spain v Argentina, 0-0 after 90 minutes and 1-0 after extra time), the Premier
 * League's 2026/27 is being played. A newcomer browses the World Cup on the board and makes a
 * World Cup league whose knockout matches count after extra time.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-28T12:00:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let cookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const newcomer = await buildUser(handle.db, 'sqlite', { teamName: 'New Kid' });
  cookie = await buildSessionCookie(handle.db, 'sqlite', newcomer.id, SECRET);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `competitions-${name}.png`), fullPage: true });

const card = (page: Page, team: string) => page.getByTestId('fixture-card').filter({ hasText: team });

test('a newcomer opens the World Cup 2026 on the board: the final, Spain v Argentina, 1-0 after extra time', async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await signedInContext(browser, server.url, cookie, { viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Without ?season= the board leads with the Premier League, as it always has.
    await page.goto('/predictions');
    const switcher = page.getByLabel('Season', { exact: true });
    await expect.poll(() => switcher.inputValue()).toBe('2026-27');
    await expect(switcher.locator('option:checked').textContent()).resolves.toBe('Premier League 2026/27 (current)');
    await expect(
      switcher.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label'))),
    ).resolves.toEqual(['Premier League', 'Champions League', 'World Cup']);
    await expect(page.getByTestId('board-competition').textContent()).resolves.toBe('Premier League 2026/27');

    await switcher.selectOption({ label: 'World Cup 2026' });
    await page.waitForURL(/[?&]season=world-cup-2026\b/);
    // A finished tournament opens on its last round: the final.
    await card(page, 'Argentina').waitFor();
    await expect(page.getByTestId('board-competition').textContent()).resolves.toBe('World Cup 2026 · Final');
    const final = card(page, 'Spain');
    await expect(final.getByTestId('match-round').textContent()).resolves.toBe('Final');
    await expect(final.getByTestId('card-score').textContent()).resolves.toBe('1-0 a.e.t.');
    await expect(final.getByTestId('ninety-note').textContent()).resolves.toBe('0-0 after 90 minutes');
    await expect(
      final.getByRole('group', { name: 'Result 1-0 after extra time, 0-0 after 90 minutes' }).count(),
    ).resolves.toBe(1);
    await expect(final.textContent()).resolves.toContain('FIFA World Cup');
    // The tournament is over: no score inputs, a note saying so.
    await expect(final.locator('input').count()).resolves.toBe(0);
    await page.getByTestId('past-season-note').getByText('The World Cup 2026 season is over').waitFor();
    await shot(page, `board-world-cup-${size}`);

    // A group match names its group.
    await page.getByLabel('Gameweek', { exact: true }).selectOption('1');
    await card(page, 'Mexico').getByTestId('match-round').filter({ hasText: 'Group A' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('a World Cup league where the score after extra time counts', async () => {
  const context = await signedInContext(browser, server.url, cookie, { viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/new-league');
  await page.getByLabel('League Name').fill('Cup Crew');
  const competition = page.getByLabel('Competition');
  await expect(competition.locator('option').allTextContents()).resolves.toEqual([
    'Premier League',
    'UEFA Champions League',
    'FIFA World Cup',
  ]);
  // The knockout rule is asked only for a competition with knockout matches.
  await expect(page.getByTestId('nl-knockout-rule').count()).resolves.toBe(0);
  await competition.selectOption({ label: 'FIFA World Cup' });
  const rule = page.getByRole('group', { name: 'Which score counts in knockout matches' });
  await expect(rule.getByLabel('After 90 minutes (default)').isChecked()).resolves.toBe(true);
  await rule.getByLabel('After extra time').check();
  await shot(page, 'new-league-desktop');
  await page.getByRole('button', { name: 'Create League & Get Code' }).click();
  await page.getByRole('heading', { name: 'Cup Crew is ready!' }).waitFor();
  await expect(page.getByTestId('league-competition').textContent()).resolves.toBe(
    'World Cup · Knockout matches: score after extra time',
  );
  const saved = await handle.db
    .selectFrom('leagues')
    .select(['competition', 'knockoutRule'])
    .where('name', '=', 'Cup Crew')
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ competition: 'world-cup', knockoutRule: 'extra-time' });

  // Its page says so, and its seasons are the World Cup's.
  await page.getByRole('link', { name: 'View League' }).click();
  await page.waitForURL('**/leaderboard');
  await page
    .getByTestId('league-competition')
    .filter({ hasText: 'World Cup · Knockout matches: score after extra time' })
    .waitFor();
  const switcher = page.getByLabel('Season', { exact: true });
  await expect.poll(() => switcher.locator('option').allTextContents()).toEqual(['World Cup 2026', 'All seasons']);
  await expect(switcher.inputValue()).resolves.toBe('world-cup-2026');
  await page.getByTestId('league-not-in-season').waitFor();
  await shot(page, 'league-desktop');
  expect(errors).toEqual([]);
  await context.close();

  const phone = await signedInContext(browser, server.url, cookie, { viewport: PHONE });
  const p2 = await phone.newPage();
  await p2.goto('/new-league');
  await p2.getByLabel('Competition').selectOption({ label: 'FIFA World Cup' });
  await p2.getByTestId('nl-knockout-rule').waitFor();
  await shot(p2, 'new-league-phone');
  await p2.goto('/leaderboard');
  await p2.getByTestId('league-competition').waitFor();
  await shot(p2, 'league-phone');
  await phone.close();
});

test('the admin enters the Champions League final after extra time and penalties on the result desk', async () => {
  const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', teamName: 'Desk' });
  const adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, SECRET);
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await signedInContext(browser, server.url, adminCookie, { viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin/results?season=champions-league-2025-26&gameweek=17');
    await page.getByText('(Champions League 2025/26)').waitFor();
    const row = page.getByTestId('desk-row').filter({ hasText: 'Arsenal' });
    await expect(row.getByTestId('match-round').textContent()).resolves.toBe('Final');
    await shot(page, `desk-${size}`);
    if (size === 'phone') {
      await context.close();
      continue;
    }
    const field = (name: string) => row.getByRole('textbox', { name, exact: true });
    await field('Paris Saint-Germain score').fill('1');
    await field('Arsenal score').fill('1');
    // Penalties without extra time: the rule's own words, nothing saved.
    await field('Paris Saint-Germain penalties').fill('4');
    await field('Arsenal penalties').fill('3');
    await row.getByRole('button', { name: /^Save result/ }).click();
    await row
      .getByRole('alert')
      .getByText('A penalty shoot-out comes after extra time: give the score after extra time as well.')
      .waitFor();
    await field('Paris Saint-Germain score after extra time').fill('1');
    await field('Arsenal score after extra time').fill('1');
    await row.getByRole('button', { name: /^Save result/ }).click();
    await row.getByTestId('row-state').filter({ hasText: 'Saved: 1-1 a.e.t., 4-3 pens' }).waitFor();
    const saved = await handle.db
      .selectFrom('results')
      .select(['homeScore', 'awayScore', 'homeScoreEt', 'awayScoreEt', 'homePenalties', 'awayPenalties'])
      .where('fixtureId', '=', 'ParisSaint-GermainFC_vs_ArsenalFC_2026-05-30')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      homeScore: 1,
      awayScore: 1,
      homeScoreEt: 1,
      awayScoreEt: 1,
      homePenalties: 4,
      awayPenalties: 3,
    });
    // The board shows it so.
    await page.goto('/predictions?season=champions-league-2025-26&gameweek=17');
    await expect(
      page.getByTestId('fixture-card').filter({ hasText: 'Arsenal' }).getByTestId('card-score').textContent(),
    ).resolves.toBe('1-1 a.e.t., 4-3 pens');
    await shot(page, 'board-champions-league-final-desktop');
    expect(errors).toEqual([]);
    await context.close();
  }
});
