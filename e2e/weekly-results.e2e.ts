import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
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
import { recountSeason } from '../src/server/points/points-aggregate.js';

/**
 * The week after the whistle, in Chromium against the real server and the built-in
 * 2025/26 season, on Saturday 14 March 2026 at 13:30 UTC (gameweek 30): a player predicts three
 * evening matches, the admin saves the gameweek's results with "Save all" on the result desk, the
 * player reads their gameweek summary (points, league rank and its move) and finds themself on the
 * overall leaderboard of 122 players. axe on the summary, the leaderboard and the desk.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-03-14T13:30:00.000Z';
/** Where the screenshots go: /tmp unless asked (E2E_SCREENS_DIR=docs/screens refreshes the committed ones). */
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp';
const OTHERS = 120;

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let playerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const { db } = handle;
  const player = await buildUser(db, 'sqlite', { teamName: 'Pundits' });
  const rival = await buildUser(db, 'sqlite', { teamName: 'Rivals' });
  const admin = await buildUser(db, 'sqlite', { role: 'admin', teamName: 'Admins' });
  playerCookie = await buildSessionCookie(db, 'sqlite', player.id, SECRET);
  adminCookie = await buildSessionCookie(db, 'sqlite', admin.id, SECRET);
  // Gameweek 29 is played (the season file's results): the rival scored an exact score, the player nothing.
  const gw29 = await db
    .selectFrom('fixtures')
    .innerJoin('results', 'results.fixtureId', 'fixtures.id')
    .select(['fixtures.id', 'results.homeScore', 'results.awayScore'])
    .where('fixtures.seasonId', '=', '2025-26')
    .where('fixtures.gameweek', '=', 29)
    .orderBy('fixtures.id')
    .execute();
  const [first] = gw29;
  const pick = (userId: string, points: number) => ({
    userId,
    fixtureId: first!.id,
    homeScore: points === 3 ? first!.homeScore : 9,
    awayScore: points === 3 ? first!.awayScore : 9,
    predictedAt: '2026-03-01T10:00:00.000Z',
    points,
    outcome: points === 3 ? ('exact' as const) : ('wrong' as const),
    // The kind of pick a league's rule prices (an exact score, or a miss).
    tier: points === 3 ? ('exact' as const) : ('wrong' as const),
  });
  await db
    .insertInto('predictions')
    .values([pick(rival.id, 3), pick(player.id, 0)])
    .execute();
  // 120 other players on the overall leaderboard: half above the player's 4 points to come (20 down to 11), half on 0.
  const now = new Date().toISOString();
  const others = Array.from({ length: OTHERS }, (_, i) => ({
    id: `fan-${String(i).padStart(3, '0')}`,
    points: i < OTHERS / 2 ? 20 - Math.floor(i / 6) : 0,
  }));
  await db
    .insertInto('user')
    .values(
      others.map((o) => ({
        id: o.id,
        name: o.id,
        email: `${o.id}@example.com`,
        emailVerified: 1,
        image: null,
        createdAt: now,
        updatedAt: now,
        username: o.id.replace('-', '_'),
        teamName: `Fan ${o.id.slice(4)}`,
        teamNameCreatedAt: now,
        role: 'player' as const,
      })),
    )
    .execute();
  for (const o of others) {
    await db
      .insertInto('predictions')
      .values({
        ...pick(o.id, 0),
        outcome: o.points ? 'exact' : 'wrong',
        tier: o.points ? ('exact' as const) : ('wrong' as const),
        points: o.points,
      })
      .execute();
  }
  // Points written straight to the predictions: the aggregate the tables read is built from them as the app keeps it.
  await recountSeason(db, '2025-26');
  // A league of two.
  await db
    .insertInto('leagues')
    .values({
      id: 'lg-sat',
      name: 'Saturday Club',
      code: 'SATCLUB2',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: rival.id,
      // Made on the server's clock, in 2025/26: a league has tables only of seasons it existed in.
      createdAt: NOW,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: 'lg-sat', userId: rival.id, joinedAt: NOW },
      { leagueId: 'lg-sat', userId: player.id, joinedAt: NOW },
    ])
    .execute();
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

const signedIn = (cookie: string, viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

/** A board card by its home club's full name (cards show short names, their buttons name the clubs in full). */
const card = (page: Page, club: string) =>
  page
    .getByTestId('fixture-card')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^(Predict|Edit): ${club} v `) }) });

/** Three evening matches of gameweek 30, their picks and results: exact (3), right result (1), wrong (0). */
const MATCHES = [
  { home: 'Arsenal', away: 'Everton', club: 'Arsenal FC', pick: ['3', '0'], result: ['3', '0'] },
  { home: 'Chelsea', away: 'Newcastle United', club: 'Chelsea FC', pick: ['0', '1'], result: ['0', '2'] },
  {
    home: 'West Ham United',
    away: 'Manchester City',
    club: 'West Ham United FC',
    pick: ['1', '1'],
    result: ['2', '0'],
  },
];

test('predict, the admin saves the gameweek with Save all, the player reads the summary and finds themself', async () => {
  // 1. The player predicts on a phone, through the prediction modal.
  const playerCtx = await signedIn(playerCookie, PHONE);
  const page = await playerCtx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions');
  for (const m of MATCHES) {
    const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
    // A click can land while the board renders again (the previous save's live event refetches
    // it): then the modal is asked for again, as a player would tap once more.
    for (let tap = 0; !(await dialog.isVisible()); tap++) {
      if (tap === 5) throw new Error(`The prediction modal for ${m.club} did not open after ${tap} taps`);
      await card(page, m.club)
        .getByRole('button', { name: /^Predict/ })
        .click();
      await dialog.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await dialog.locator('input').nth(0).fill(m.pick[0]!);
    await dialog.locator('input').nth(1).fill(m.pick[1]!);
    await dialog.getByRole('button', { name: 'Save Prediction' }).click();
    await card(page, m.club).getByText(`Your prediction: ${m.pick[0]} - ${m.pick[1]}`).waitFor();
  }

  // 2. The matches are played: their kick-offs move to an hour ago (written directly, as time passing would).
  await handle.db
    .updateTable('fixtures')
    .set({ kickoffAt: '2026-03-14T12:30:00.000Z' })
    .where('seasonId', '=', '2025-26')
    .where('gameweek', '=', 30)
    .where(
      'homeTeam',
      'in',
      MATCHES.map((m) => m.club),
    )
    .execute();

  // 3. The admin's result desk opens on the gameweek just played; one Save all for the three.
  const adminCtx = await signedIn(adminCookie, DESKTOP);
  const admin = await adminCtx.newPage();
  const adminErrors = watchPageErrors(admin);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Result Desk' }).click();
  await admin.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  await expect(admin.getByLabel('Gameweek', { exact: true }).inputValue()).resolves.toBe('30');
  // Rows show short club names; their score inputs are labelled with the full display name.
  const row = (home: string) =>
    admin.getByTestId('desk-row').filter({ has: admin.getByLabel(`${home} score`, { exact: true }) });
  await expect.poll(() => admin.getByTestId('desk-row').count()).toBe(10);
  // A match that has not kicked off takes no result.
  await expect(admin.getByTestId('desk-row').filter({ hasText: 'Not kicked off yet' }).count()).resolves.toBe(7);
  for (const m of MATCHES) {
    await row(m.home).getByLabel(`${m.home} score`).fill(m.result[0]!);
    await row(m.home).getByLabel(`${m.away} score`).fill(m.result[1]!);
    await row(m.home).getByTestId('row-state').getByText('Unsaved changes').waitFor();
  }
  await admin.getByText('3 results not saved yet.').waitFor();
  expect(await axeViolations(admin, SERIOUS_WCAG21)).toEqual([]);
  await admin.getByRole('button', { name: 'Save all' }).click();
  await admin.getByText('3 results saved; 3 predictions scored.').waitFor();
  for (const m of MATCHES)
    await row(m.home).getByTestId('row-state').getByText(`Saved: ${m.result[0]} - ${m.result[1]}`).waitFor();
  await admin.getByText('All results shown are saved.').waitFor();
  // Clearing asks first, in a dialog that holds the focus; Cancel keeps the result.
  await row('Arsenal')
    .getByRole('button', { name: /^Clear result/ })
    .click();
  const confirm = admin.getByRole('dialog', { name: 'Clear Result' });
  await confirm.waitFor();
  await expect(admin.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Tab');
  await expect(admin.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await row('Arsenal').getByTestId('row-state').getByText('Saved: 3 - 0').waitFor();
  await admin.screenshot({ path: '/tmp/weekly-results-desk-desktop.png', fullPage: true });

  // 4. The player's board, asked for the gameweek just played, shows it and leads to the summary.
  await page.goto('/predictions?gameweek=30');
  await page.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  await page.getByRole('link', { name: 'Your Gameweek 30 summary' }).click();
  await page.waitForURL(/\/predictions\/gameweek\/30/);
  await expect.poll(() => page.getByTestId('summary-points').textContent()).toBe('4');
  const league = page.getByTestId('summary-league');
  await league.getByText('Saturday Club').waitFor();
  await league.getByText('1st of 2 members · 4 points').waitFor();
  await league.getByText(/Up 1 place \(was 2\)/).waitFor();
  const picks = page.getByTestId('summary-pick');
  await expect(picks.filter({ hasText: 'Arsenal' }).textContent()).resolves.toMatch(
    /Exact score · \+3 pts.*3 - 0.*Your prediction: 3 - 0/,
  );
  await expect(picks.filter({ hasText: 'Chelsea' }).textContent()).resolves.toMatch(
    /Right result · \+1 pt.*0 - 2.*Your prediction: 0 - 1/,
  );
  await expect(picks.filter({ hasText: 'West Ham' }).textContent()).resolves.toMatch(
    /Wrong · \+0 pts.*2 - 0.*Your prediction: 1 - 1/,
  );
  await page.screenshot({ path: `${SCREENS}/summary-phone.png`, fullPage: true });

  // 5. Back on the board from the summary: the result is the main score, the pick labelled, its points shown.
  await page.getByRole('main').getByRole('link', { name: 'Predictions', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/predictions' && u.searchParams.get('gameweek') === '30');
  const mine = page.getByTestId('fixture-card').filter({ has: page.locator('[data-outcome="exact"]') });
  await expect
    .poll(() => mine.textContent())
    .toMatch(/3 - 0\s*Full time.*Your prediction 3–0.*Exact score! \+3 points/);
  await expect.poll(() => page.getByTestId('gameweek-tally').textContent()).toMatch(/^3 of 10 predicted · 4 points/);

  // 6. The dashboard links to the summary after the gameweek.
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Gameweek 30: 4 points' }).waitFor();
  await page.getByRole('link', { name: 'See your Gameweek 30 summary' }).waitFor();

  // 7. The overall leaderboard: 122 players; "Find me" jumps to page 2 with the player's row highlighted.
  await page.goto('/leaderboard');
  await page.getByRole('button', { name: 'Everyone' }).click();
  await page.getByText('122 players with a scored prediction.').waitFor();
  await page.getByText('Page 1 of 3').waitFor();
  await page.getByRole('button', { name: 'Find me' }).click();
  await page.getByText('Page 2 of 3').waitFor();
  const me = page.getByTestId('everyone-table').locator('tr.bg-brand-50');
  await expect(me.textContent()).resolves.toMatch(/61\s*Pundits\s*You.*4$/);
  await expect(me.isVisible()).resolves.toBe(true);
  await page.evaluate(() =>
    window.scrollTo(
      0,
      (document.getElementById('everyone-title')?.getBoundingClientRect().top ?? 0) + window.scrollY - 80,
    ),
  );
  await expect(me.isVisible()).resolves.toBe(true);
  await page.screenshot({ path: `${SCREENS}/leaderboard-phone.png`, fullPage: false });

  expect(errors).toEqual([]);
  expect(adminErrors).toEqual([]);
  await adminCtx.close();
  await playerCtx.close();
});

test('desktop: the summary and the overall leaderboard, with no serious or critical axe violations', async () => {
  const ctx = await signedIn(playerCookie, DESKTOP);
  const page = await ctx.newPage();
  await page.goto('/predictions/gameweek/30');
  await expect.poll(() => page.getByTestId('summary-points').textContent()).toBe('4');
  await page
    .getByTestId('summary-league')
    .getByText(/Up 1 place/)
    .waitFor();
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/summary-desktop.png`, fullPage: true });

  await page.goto('/leaderboard?view=everyone');
  await page.getByText('Page 1 of 3').waitFor();
  await page.getByRole('button', { name: 'Find me' }).click();
  await page.getByText('Page 2 of 3').waitFor();
  await expect(page.getByTestId('everyone-table').locator('tr.bg-brand-50').textContent()).resolves.toMatch(/Pundits/);
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await page.evaluate(() =>
    window.scrollTo(
      0,
      (document.getElementById('everyone-title')?.getBoundingClientRect().top ?? 0) + window.scrollY - 80,
    ),
  );
  await page.screenshot({ path: `${SCREENS}/leaderboard-desktop.png`, fullPage: false });

  // Settings: the team name changes, with the shared rule's message first and a clear success after.
  await page.goto('/settings');
  const teamName = page.getByLabel('Team Name', { exact: true });
  await expect(teamName.inputValue()).resolves.toBe('Pundits');
  await teamName.fill('   ');
  await page.getByRole('button', { name: 'Save Team Name' }).click();
  await page.getByText('Team name is required').waitFor();
  await teamName.fill('Pundits United');
  await page.getByRole('button', { name: 'Save Team Name' }).click();
  await page.getByText('Team name updated to "Pundits United". Leaderboards show it now.').waitFor();
  await expect(page.getByTestId('settings-team-name').textContent()).resolves.toBe('Pundits United');
  await page.goto('/leaderboard?view=everyone&around=me');
  await page.getByRole('button', { name: 'Find me' }).click();
  await expect(page.getByTestId('everyone-table').locator('tr.bg-brand-50').textContent()).resolves.toMatch(
    /Pundits United/,
  );

  // The same at phone size.
  const phone = await signedIn(playerCookie, PHONE);
  const p2 = await phone.newPage();
  await p2.goto('/predictions/gameweek/30');
  await expect.poll(() => p2.getByTestId('summary-points').textContent()).toBe('4');
  expect(await axeViolations(p2, SERIOUS_WCAG21)).toEqual([]);
  await p2.goto('/leaderboard?view=everyone');
  await p2.getByText('Page 1 of 3').waitFor();
  expect(await axeViolations(p2, SERIOUS_WCAG21)).toEqual([]);
  await phone.close();
  await ctx.close();
});
