import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
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

/**
 * A league's own scoring and a banker (docs/decisions/0057 and 0058), in Chromium against the real
 * server and the built-in 2025/26 season on Saturday 14 March 2026 at 13:30 UTC (gameweek 30): the
 * organiser creates a league with the goal-difference rule on New League, sees its rule on the
 * league's page, makes a pick their banker (in the prediction modal, then moves it on the cards by
 * keyboard), the matches are played, and the league table counts the banker double under the
 * league's rule. The organiser then changes the scoring after matches were scored: the server asks
 * for confirmation, and the page says when it changed; a member sees that notice too, and the
 * organiser's picks priced under the league's rule with the banker marked. axe on each screen;
 * phone and desktop.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-03-14T13:30:00.000Z';
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp';
let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let organiserCookie: string;
let rivalId: string;
let rivalCookie: string;
let adminCookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const { db } = handle;
  const organiser = await buildUser(db, 'sqlite', { teamName: 'Tipsters' });
  const rival = await buildUser(db, 'sqlite', { teamName: 'Rivals' });
  const admin = await buildUser(db, 'sqlite', { role: 'admin', teamName: 'Admins' });
  organiserCookie = await buildSessionCookie(db, 'sqlite', organiser.id, SECRET);
  adminCookie = await buildSessionCookie(db, 'sqlite', admin.id, SECRET);
  rivalId = rival.id;
  rivalCookie = await buildSessionCookie(db, 'sqlite', rival.id, SECRET);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

const signedIn = (cookie: string, viewport = WIDE): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

const card = (page: Page, club: string) =>
  page
    .getByTestId('fixture-card')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^(Predict|Edit): ${club} v `) }) });
const bankerOf = (page: Page, club: string) => card(page, club).getByTestId('banker-toggle');
const RULE_LINE = 'Scoring: 4 exact · 3 goal difference · 2 outcome · bankers double';
const WIDE = { width: 1440, height: 900 };

test('create a goal-difference league, set a banker, see the rule and the table count it after the results', async () => {
  // 1. New League, on a phone: the goal-difference rule chosen, its line shown before creating.
  const phoneCtx = await signedIn(organiserCookie, PHONE);
  const phone = await phoneCtx.newPage();
  const phoneErrors = watchPageErrors(phone);
  await phone.goto('/new-league');
  await phone.getByLabel('League Name').fill('Kicktipp Club');
  await phone.getByRole('radio', { name: /^Goal difference/ }).check();
  await expect.poll(() => phone.getByTestId('scoring-line').textContent()).toBe(RULE_LINE);
  // Custom points are checked before anything is sent: an exact score worth less than the difference is refused.
  await phone.getByRole('radio', { name: /^Custom/ }).check();
  await phone.getByLabel('Exact score').fill('2');
  const refused =
    'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.';
  // The preview states no rule that cannot be saved: it says what is wrong instead.
  await expect.poll(() => phone.getByTestId('scoring-line').textContent()).toBe(refused);
  await phone.getByRole('button', { name: 'Create League & Get Code' }).click();
  await phone.getByRole('alert').filter({ hasText: refused }).waitFor();
  // Focus goes to the first points box to fix, not left on the button.
  await expect.poll(() => phone.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('2');
  await expect(phone.getByLabel('Exact score').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await phone.getByRole('radio', { name: /^Goal difference/ }).check();
  expect(await axeViolations(phone, SERIOUS_WCAG21)).toEqual([]);
  await phone.screenshot({ path: `${SCREENS}/league-scoring-new-phone.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Create League & Get Code' }).click();
  await phone.getByRole('heading', { name: 'Kicktipp Club is ready!' }).waitFor();
  const league = await handle.db
    .selectFrom('leagues')
    .select(['id', 'code', 'ruleExact', 'ruleDifference', 'ruleOutcome', 'bankersAllowed'])
    .where('name', '=', 'Kicktipp Club')
    .executeTakeFirstOrThrow();
  expect([league.ruleExact, league.ruleDifference, league.ruleOutcome, league.bankersAllowed]).toEqual([4, 3, 2, 1]);
  await handle.db.insertInto('leagueMembers').values({ leagueId: league.id, userId: rivalId, joinedAt: NOW }).execute();
  await phone.getByRole('link', { name: 'View League' }).click();
  await phone.getByRole('heading', { name: 'Kicktipp Club', level: 2 }).waitFor();
  await expect.poll(() => phone.getByTestId('league-scoring').textContent()).toBe(RULE_LINE);
  expect(phoneErrors).toEqual([]);

  // 2. Predictions, on a desktop: Arsenal v Everton 2-0 as the banker (in the modal), Chelsea v Newcastle 0-1.
  const ctx = await signedIn(organiserCookie, WIDE);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions');
  await page.getByTestId('banker-rule').getByText('counts double').waitFor();
  for (const [club, home, away, banker] of [
    ['Arsenal FC', '2', '0', true],
    ['Chelsea FC', '0', '1', false],
  ] as const) {
    await card(page, club)
      .getByRole('button', { name: /^Predict/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
    await dialog.waitFor();
    await dialog.locator('input').nth(0).fill(home);
    await dialog.locator('input').nth(1).fill(away);
    const toggle = dialog.getByRole('button', { name: 'Banker' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    if (banker) {
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
      await page.screenshot({ path: `${SCREENS}/league-scoring-modal-desktop.png` });
    }
    await dialog.getByRole('button', { name: 'Save Prediction' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, club).getByText(`Your prediction: ${home} - ${away}`).waitFor();
  }
  await expect.poll(() => bankerOf(page, 'Arsenal FC').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => bankerOf(page, 'Chelsea FC').getAttribute('aria-pressed')).toBe('false');
  // Moved by keyboard to Chelsea's pick, then back: one banker per gameweek.
  await bankerOf(page, 'Chelsea FC').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => bankerOf(page, 'Chelsea FC').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => bankerOf(page, 'Arsenal FC').getAttribute('aria-pressed')).toBe('false');
  await bankerOf(page, 'Arsenal FC').focus();
  await page.keyboard.press('Space');
  await expect.poll(() => bankerOf(page, 'Arsenal FC').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => bankerOf(page, 'Chelsea FC').getAttribute('aria-pressed')).toBe('false');
  const stored = await handle.db
    .selectFrom('predictions')
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .select(['fixtures.homeTeam', 'predictions.banker'])
    .where('predictions.banker', '=', 1)
    .execute();
  expect(stored.map((s) => s.homeTeam)).toEqual(['Arsenal FC']);
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await card(page, 'Arsenal FC').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/league-scoring-banker-desktop.png` });
  // The same cards on the phone: the banker toggle beside the score boxes.
  await phone.goto('/predictions');
  await expect.poll(() => bankerOf(phone, 'Arsenal FC').getAttribute('aria-pressed')).toBe('true');
  await card(phone, 'Arsenal FC').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: `${SCREENS}/league-scoring-banker-phone.png` });
  expect(phoneErrors).toEqual([]);

  // 3. The matches are played (their kick-offs moved to an hour ago, as time passing would) and the results saved:
  //    Arsenal 3-1 (2-0 is the right goal difference: 3 × 2 for the banker), Chelsea 0-2 (the right outcome: 2).
  const fixtures = await handle.db
    .selectFrom('fixtures')
    .select(['id', 'homeTeam'])
    .where('seasonId', '=', '2025-26')
    .where('gameweek', '=', 30)
    .where('homeTeam', 'in', ['Arsenal FC', 'Chelsea FC'])
    .execute();
  await handle.db
    .updateTable('fixtures')
    .set({ kickoffAt: '2026-03-14T12:30:00.000Z' })
    .where(
      'id',
      'in',
      fixtures.map((f) => f.id),
    )
    .execute();
  for (const f of fixtures) {
    const score = f.homeTeam === 'Arsenal FC' ? { homeScore: 3, awayScore: 1 } : { homeScore: 0, awayScore: 2 };
    const res = await fetch(`${server.url}/api/admin/results/${encodeURIComponent(f.id)}`, {
      method: 'PUT',
      headers: { cookie: adminCookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(score),
    });
    expect(res.status).toBe(200);
  }
  // The played match's card shows the banker beside the pick, like the pick itself.
  await page.reload();
  await page
    .getByTestId('fixture-card')
    .filter({ hasText: 'Arsenal' })
    .filter({ has: page.getByTestId('banker-mark') })
    .waitFor();
  await expect.poll(() => page.getByTestId('banker-mark').count()).toBe(1);

  // 4. The league's table: 6 + 2 = 8 under its rule (the overall leaderboard's standard rule gives 2 + 1 = 3).
  await page.goto('/leaderboard');
  await page.getByRole('heading', { name: 'Kicktipp Club', level: 2 }).waitFor();
  await expect.poll(() => page.getByTestId('league-scoring').textContent()).toBe(RULE_LINE);
  const mine = page.locator('tbody tr').filter({ hasText: 'Tipsters' });
  await expect.poll(async () => (await mine.locator('td').nth(3).textContent())?.trim()).toBe('8');
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/league-scoring-table-desktop.png`, fullPage: true });

  // 5. The organiser changes the scoring after matches were scored: the server asks first, then the page says when it changed.
  await page.getByRole('button', { name: 'Change Scoring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Scoring' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: /^Standard/ }).check();
  await dialog.getByRole('button', { name: 'Save Scoring' }).click();
  await dialog
    .getByText(
      "Matches have already been scored in this league. Changing the scoring works out every member's points again under the new rule, and members are told. Confirm to go ahead.",
    )
    .waitFor();
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/league-scoring-confirm-desktop.png` });
  await dialog.getByRole('button', { name: "Recompute every member's table" }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => page.getByTestId('league-scoring').textContent())
    .toBe('Scoring: 3 exact · 1 outcome · bankers double');
  await page.getByTestId('league-scoring-changed').getByText('Scoring changed on 14 March 2026').waitFor();
  await expect.poll(async () => (await mine.locator('td').nth(3).textContent())?.trim()).toBe('3');
  await page.screenshot({ path: `${SCREENS}/league-scoring-changed-desktop.png`, fullPage: true });
  expect(errors).toEqual([]);

  // 6. A member, on a phone, is told too, and sees the organiser's picks priced under the league's rule:
  //    the banker marked, Arsenal's right goal difference 1 × 2 = 2 and Chelsea's right outcome 1.
  const rivalCtx = await signedIn(rivalCookie, PHONE);
  const rivalPage = await rivalCtx.newPage();
  const rivalErrors = watchPageErrors(rivalPage);
  await rivalPage.goto('/leaderboard');
  await rivalPage.getByRole('heading', { name: 'Kicktipp Club', level: 2 }).waitFor();
  await expect
    .poll(() => rivalPage.getByTestId('league-scoring').textContent())
    .toBe('Scoring: 3 exact · 1 outcome · bankers double');
  await rivalPage.getByTestId('league-scoring-changed').getByText('Scoring changed on 14 March 2026').waitFor();
  expect(await rivalPage.getByRole('button', { name: 'Change Scoring' }).count()).toBe(0);
  await rivalPage.locator('tbody tr').filter({ hasText: 'Tipsters' }).getByText('Tipsters').click();
  const picks = rivalPage.getByRole('dialog', { name: "Tipsters's picks" });
  await picks.waitFor();
  // The picks open on the gameweek of the latest kick-off passed (a rearranged Gameweek 31 match here): the member steps to Gameweek 30.
  await picks.getByLabel('Gameweek').selectOption({ label: 'Gameweek 30' });
  const arsenal = picks.getByRole('listitem').filter({ hasText: 'Arsenal' });
  await arsenal.getByTestId('pick-banker').waitFor();
  await expect.poll(async () => (await arsenal.textContent())?.includes('2 pts')).toBe(true);
  await expect
    .poll(async () =>
      (await picks.getByRole('listitem').filter({ hasText: 'Chelsea' }).textContent())?.includes('1 pt'),
    )
    .toBe(true);
  expect(await axeViolations(rivalPage, SERIOUS_WCAG21)).toEqual([]);
  await rivalPage.screenshot({ path: `${SCREENS}/league-scoring-member-picks-phone.png` });
  expect(rivalErrors).toEqual([]);
});
