import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  SERIOUS_WCAG21,
  axeViolations,
  launchBrowser,
  signedInContext,
  watchPageErrors,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

/**
 * The Champions League and the World Cup beside the Premier League, in Chromium against the real
 * server with its built-in seasons. The clock is Saturday 28 November 2026: the World Cup 2026 is
 * over (its final, Spain v Argentina, 0-0 after 90 minutes and 1-0 after extra time), the Premier
 * League's 2026/27 is being played. A newcomer browses the World Cup on the board and makes a
 * World Cup league whose knockout matches count after extra time, with 2 points for naming who
 * goes through each tie.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-28T12:00:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let cookie: string;
let newcomerId: string;
let knockoutClub: Awaited<ReturnType<typeof buildKnockoutClub>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const newcomer = await buildUser(handle.db, 'sqlite', { teamName: 'New Kid' });
  newcomerId = newcomer.id;
  cookie = await buildSessionCookie(handle.db, 'sqlite', newcomer.id, SECRET);
  knockoutClub = await buildKnockoutClub();
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

test('a World Cup league where the score after extra time counts and naming who goes through earns 2', async () => {
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
  // The knockout rule and the qualifier points are asked only for a competition with knockout matches.
  await expect(page.getByTestId('nl-knockout-rule').count()).resolves.toBe(0);
  await expect(page.getByTestId('nl-qualifier-points').count()).resolves.toBe(0);
  await competition.selectOption({ label: 'FIFA World Cup' });
  const rule = page.getByRole('group', { name: 'Which score counts in knockout matches' });
  await expect(rule.getByLabel('After 90 minutes (default)').isChecked()).resolves.toBe(true);
  await rule.getByLabel('After extra time').check();
  const qualifier = page.getByLabel('Points for naming who goes through');
  await expect(qualifier.inputValue()).resolves.toBe('0');
  await expect(qualifier.locator('option').allTextContents()).resolves.toEqual([
    'None',
    '1 point',
    '2 points',
    '3 points',
    '4 points',
    '5 points',
  ]);
  await expect(
    qualifier.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent),
  ).resolves.toBe(
    "A one-match knockout's predicted winner goes through; after a predicted draw, or in a second leg, the player names the team.",
  );
  await qualifier.selectOption({ label: '2 points' });
  expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
  await shot(page, 'new-league-desktop');
  await page.getByRole('button', { name: 'Create League & Get Code' }).click();
  await page.getByRole('heading', { name: 'Cup Crew is ready!' }).waitFor();
  await expect(page.getByTestId('league-competition').textContent()).resolves.toBe(
    'World Cup · Knockout matches: score after extra time',
  );
  await expect(page.getByTestId('league-qualifier-points').textContent()).resolves.toBe(
    '2 points for naming who goes through each knockout tie',
  );
  const saved = await handle.db
    .selectFrom('leagues')
    .select(['competition', 'knockoutRule', 'qualifierPoints'])
    .where('name', '=', 'Cup Crew')
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ competition: 'world-cup', knockoutRule: 'extra-time', qualifierPoints: 2 });

  // Its page says so, and its seasons are the World Cup's.
  await page.getByRole('link', { name: 'View League' }).click();
  await page.waitForURL('**/leaderboard');
  await page
    .getByTestId('league-competition')
    .filter({ hasText: 'World Cup · Knockout matches: score after extra time' })
    .waitFor();
  await expect(page.getByTestId('league-qualifier-points').textContent()).resolves.toBe(
    '2 points for naming who goes through each knockout tie',
  );
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
  await p2.getByLabel('Points for naming who goes through').selectOption({ label: '3 points' });
  await shot(p2, 'new-league-phone');
  // Back to the Premier League: the points are hidden again and the league is made with none.
  await p2.getByLabel('Competition').selectOption({ label: 'Premier League' });
  await expect(p2.getByTestId('nl-qualifier-points').count()).resolves.toBe(0);
  await p2.getByLabel('League Name').fill('Table Toppers');
  await p2.getByRole('button', { name: 'Create League & Get Code' }).click();
  await p2.getByRole('heading', { name: 'Table Toppers is ready!' }).waitFor();
  await expect(p2.getByTestId('league-qualifier-points').count()).resolves.toBe(0);
  const league = await handle.db
    .selectFrom('leagues')
    .select(['competition', 'qualifierPoints'])
    .where('name', '=', 'Table Toppers')
    .executeTakeFirstOrThrow();
  expect(league).toEqual({ competition: 'premier-league', qualifierPoints: 0 });
  await p2.goto('/leaderboard');
  // The league with qualifier points (the Premier League one just made may lead the page).
  await p2.getByRole('button', { name: /^Cup Crew/ }).click();
  await p2.getByTestId('league-qualifier-points').waitFor();
  await shot(p2, 'league-phone');
  await phone.close();
});

/**
 * A league made before the tournament, 2 points a tie, with a rival whose picks on the last round
 * are in the book. Written before any page has read the leagues (the server keeps what it has read).
 */
async function buildKnockoutClub() {
  const rival = await buildUser(handle.db, 'sqlite', { teamName: 'Albiceleste' });
  await handle.db
    .insertInto('leagues')
    .values({
      id: crypto.randomUUID(),
      name: 'Knockout Club',
      code: 'KNQCLB7X',
      description: null,
      competition: 'world-cup',
      privacy: 'private',
      creatorId: rival.id,
      createdAt: '2026-05-01T00:00:00.000Z',
      knockoutRule: 'extra-time',
      qualifierPoints: 2,
    })
    .execute();
  const league = await handle.db
    .selectFrom('leagues')
    .select('id')
    .where('code', '=', 'KNQCLB7X')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('leagueMembers')
    .values(
      [rival.id, newcomerId].map((userId) => ({ leagueId: league.id, userId, joinedAt: '2026-05-01T00:00:00.000Z' })),
    )
    .execute();
  const last = await handle.db
    .selectFrom('fixtures')
    .innerJoin('results', 'results.fixtureId', 'fixtures.id')
    .select([
      'fixtures.id',
      'fixtures.stage',
      'fixtures.gameweek',
      'fixtures.homeTeam',
      'fixtures.awayTeam',
      'results.homeScore',
      'results.awayScore',
      'results.homeScoreEt',
      'results.awayScoreEt',
      'results.homePenalties',
      'results.awayPenalties',
    ])
    .where('fixtures.seasonId', '=', 'world-cup-2026')
    .where('fixtures.stage', 'in', ['final', 'third-place'])
    .execute();
  const final = last.find((f) => f.stage === 'final')!;
  const third = last.find((f) => f.stage === 'third-place')!;
  expect([final.homeTeam, final.awayTeam]).toEqual(['Spain', 'Argentina']);
  // Who won the play-off: after extra time if it had it, then on penalties.
  const [h, a] =
    third.homePenalties !== null && third.awayPenalties !== null
      ? [third.homePenalties, third.awayPenalties]
      : third.homeScoreEt !== null && third.awayScoreEt !== null
        ? [third.homeScoreEt, third.awayScoreEt]
        : [third.homeScore, third.awayScore];
  const thirdWinner = h > a ? 'home' : 'away';
  const winnerName = thirdWinner === 'home' ? third.homeTeam : third.awayTeam;
  await handle.db
    .insertInto('predictions')
    .values([
      // The final: a draw, Argentina named to win it (Spain did, in extra time).
      {
        userId: rival.id,
        fixtureId: final.id,
        homeScore: 1,
        awayScore: 1,
        qualifier: 'away',
        predictedAt: '2026-07-01T00:00:00.000Z',
        points: null,
        outcome: null,
      },
      // The play-off: a draw, the winner named.
      {
        userId: rival.id,
        fixtureId: third.id,
        homeScore: 2,
        awayScore: 2,
        qualifier: thirdWinner,
        predictedAt: '2026-07-01T00:00:00.000Z',
        points: null,
        outcome: null,
      },
    ])
    .execute();

  return { final, third, winnerName };
}
test('a member’s picks in a World Cup league with qualifier points say who each sent through, and what it added', async () => {
  const { final, third, winnerName } = knockoutClub;
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await signedInContext(browser, server.url, cookie, { viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/leaderboard');
    await page.getByRole('button', { name: /^Knockout Club/ }).click();
    await page
      .getByTestId('league-qualifier-points')
      .filter({ hasText: '2 points for naming who goes through each knockout tie' })
      .waitFor();
    await page.locator('tbody tr').filter({ hasText: 'Albiceleste' }).getByText('Albiceleste').click();
    const picks = page.getByRole('dialog', { name: "Albiceleste's picks" });
    await picks.waitFor();
    await picks.getByLabel('Gameweek').selectOption({ label: `Gameweek ${final.gameweek}` });
    const finalPick = picks.getByRole('listitem').filter({ hasText: 'Spain' });
    await expect
      .poll(() => finalPick.getByTestId('pick-qualifier').textContent())
      .toBe('Picked to go through: Argentina 0 — named Argentina; Spain went through');
    if (third.gameweek !== final.gameweek)
      await picks.getByLabel('Gameweek').selectOption({ label: `Gameweek ${third.gameweek}` });
    const thirdPick = picks.getByRole('listitem').filter({ hasText: winnerName });
    await expect
      .poll(() => thirdPick.getByTestId('pick-qualifier').textContent())
      .toBe(`Picked to go through: ${winnerName} +2 for naming who went through`);
    expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `competitions-picks-${size}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  }
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
