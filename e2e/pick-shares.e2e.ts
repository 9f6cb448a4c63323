import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, watchPageErrors, signedInContext, axeViolations } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildFixture } from '../src/server/test/factories-season.js';
import { buildPrediction } from '../src/server/test/factories-game.js';

/**
 * How everyone picked, in Chromium against the real server. The clock (SCORELINE_NOW) starts 45
 * seconds before Arsenal v Chelsea's deadline (12:00 UTC, two hours before its 14:00 kick-off):
 * the board first shows no picks for it, then shows them when the deadline passes, without a
 * reload. Everton v Fulham kicked off at 11:30 (its deadline long gone); Liverpool v Burnley stays
 * open throughout. Ten players picked Arsenal v Chelsea; the viewer's league has three of them.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const DEADLINE = '2025-08-16T12:00:00.000Z';
const NOW = new Date(Date.parse(DEADLINE) - 45_000).toISOString();
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const DESKTOP_WIDE = { width: 1440, height: 900 };

let server: RunningServer;
let browser: Browser;
let dir: string;
let cookie: string;
let soloCookie: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-picks-'));
  const databaseUrl = path.join(dir, 'scoreline.db');
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle);
  const { db } = handle;
  const me = await buildUser(db, 'sqlite', { teamName: 'Pundits' });
  const solo = await buildUser(db, 'sqlite', { teamName: 'Loners' });
  const others = [];
  for (let i = 0; i < 9; i++) others.push(await buildUser(db, 'sqlite', { teamName: `Rival ${i + 1}` }));
  const arsenal = await buildFixture(db, {
    id: 'ArsenalFC_vs_ChelseaFC_2025-08-16',
    kickoffAt: '2025-08-16T14:00:00.000Z',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
  });
  const everton = await buildFixture(db, {
    id: 'EvertonFC_vs_FulhamFC_2025-08-16',
    kickoffAt: '2025-08-16T11:30:00.000Z',
    homeTeam: 'Everton FC',
    awayTeam: 'Fulham FC',
  });
  const liverpool = await buildFixture(db, {
    id: 'LiverpoolFC_vs_BurnleyFC_2025-08-16',
    kickoffAt: '2025-08-16T16:30:00.000Z',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Burnley FC',
  });
  // Played this morning; nobody predicted it.
  await buildFixture(db, {
    id: 'AstonVillaFC_vs_NewcastleUnitedFC_2025-08-16',
    kickoffAt: '2025-08-16T09:00:00.000Z',
    homeTeam: 'Aston Villa FC',
    awayTeam: 'Newcastle United FC',
  });
  // Arsenal v Chelsea: 2-1 ×4, 1-1 ×3, 0-1 ×2, 3-0 ×1 → home 50%, draw 30%, away 20%.
  const arsenalPicks: Array<[number, number]> = [
    [2, 1],
    [1, 1],
    [0, 2],
    [2, 1],
    [2, 1],
    [2, 1],
    [1, 1],
    [1, 1],
    [0, 1],
    [3, 0],
  ];
  const players = [me, ...others];
  for (const [i, [h, a]] of arsenalPicks.entries())
    await buildPrediction(db, { userId: players[i]!.id, fixtureId: arsenal.id, homeScore: h, awayScore: a });
  for (const [i, p] of players.entries())
    await buildPrediction(db, { userId: p.id, fixtureId: everton.id, homeScore: i % 3, awayScore: 1 });
  for (const p of players.slice(0, 5))
    await buildPrediction(db, { userId: p.id, fixtureId: liverpool.id, homeScore: 3, awayScore: 1 });
  // The viewer's league: the viewer (2-1), Rival 1 (1-1) and Rival 2 (0-2).
  await db
    .insertInto('leagues')
    .values({
      id: 'pub-league',
      name: 'Pub League',
      code: 'PUBLEAGU',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: me.id,
      createdAt: NOW,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([me, others[0]!, others[1]!].map((p) => ({ leagueId: 'pub-league', userId: p.id, joinedAt: NOW })))
    .execute();
  cookie = await buildSessionCookie(db, 'sqlite', me.id, SECRET);
  soloCookie = await buildSessionCookie(db, 'sqlite', solo.id, SECRET);
  await handle.close();
  [server, browser] = await Promise.all([
    startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET, DATABASE_URL: databaseUrl, SEED_SEASON: 'false' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const signedIn = (as: string, viewport = DESKTOP_WIDE): Promise<BrowserContext> =>
  signedInContext(browser, server.url, as, { viewport });

const boardCard = (page: Page, home: string) => page.getByTestId('fixture-card').filter({ hasText: home });
const matchCard = (page: Page, home: string) => page.getByTestId('match-card').filter({ hasText: home });
/** A panel's text as read on screen, on one line. */
const said = async (panel: ReturnType<Page['getByTestId']>) => (await panel.innerText()).replace(/\s+/g, ' ').trim();
/** A panel's three sides as read on screen, e.g. ["50% Arsenal win", …]. */
const sides = (panel: ReturnType<Page['getByTestId']>) =>
  panel
    .getByTestId('pick-shares-sides')
    .getByRole('listitem')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
const scores = (panel: ReturnType<Page['getByTestId']>) =>
  panel
    .getByTestId('pick-shares-scores')
    .getByRole('listitem')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

test('the board shows no picks before a deadline, then how everyone picked once it passes, without a reload; a league on choice', async () => {
  const ctx = await signedIn(cookie);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions?gameweek=1');
  await boardCard(page, 'Everton').getByTestId('pick-shares').waitFor();

  // Before Arsenal v Chelsea's deadline (by the server's clock): its card and the open one show nothing of anyone's picks.
  const serverNow = await page.evaluate(
    async () =>
      (await (await fetch('/api/pick-shares?gameweek=1')).json()) as {
        now: string;
        fixtures: Array<{ fixtureId: string; available: boolean }>;
      },
  );
  expect(
    Date.parse(serverNow.now),
    'the page must open before the deadline for this test to mean anything',
  ).toBeLessThan(Date.parse(DEADLINE));
  expect(serverNow.fixtures.find((f) => f.fixtureId.startsWith('Arsenal'))).toEqual({
    fixtureId: 'ArsenalFC_vs_ChelseaFC_2025-08-16',
    available: false,
    opensAt: DEADLINE,
  });
  await expect(boardCard(page, 'Arsenal').getByTestId('pick-shares').count()).resolves.toBe(0);
  await expect(boardCard(page, 'Liverpool').getByTestId('pick-shares').count()).resolves.toBe(0);
  await expect(boardCard(page, 'Arsenal').textContent()).resolves.not.toContain('How everyone picked');
  // The match already closed shows its shares, with words beside the bar's colours.
  const everton = boardCard(page, 'Everton').getByTestId('pick-shares');
  await expect(everton.getByText('How everyone picked').isVisible()).resolves.toBe(true);
  await expect(everton.getByTestId('pick-shares-count').textContent()).resolves.toBe('10 predictions');
  await expect(sides(everton)).resolves.toEqual(['30% Everton win', '30% Draw', '40% Fulham win']);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/picks-board-before-desktop.png`, fullPage: true });
  // Live Matches open beside it, likewise without Arsenal v Chelsea's picks yet.
  const live = await ctx.newPage();
  await live.goto('/matches');
  await matchCard(live, 'Everton').getByTestId('pick-shares').waitFor();
  await expect(matchCard(live, 'Arsenal').getByTestId('pick-shares').count()).resolves.toBe(0);

  // The deadline passes while the page is open: the panel appears by itself.
  const arsenal = boardCard(page, 'Arsenal').getByTestId('pick-shares');
  await arsenal.waitFor({ timeout: 100_000 });
  await expect(arsenal.getByTestId('pick-shares-count').textContent()).resolves.toBe('10 predictions');
  await expect(sides(arsenal)).resolves.toEqual(['50% Arsenal win', '30% Draw', '20% Chelsea win']);
  await expect(scores(arsenal)).resolves.toEqual(['2–1 40%', '1–1 30%', '0–1 10%']);
  await expect(boardCard(page, 'Liverpool').getByTestId('pick-shares').count()).resolves.toBe(0);
  // Live Matches learns it too, by itself.
  await matchCard(live, 'Arsenal').getByTestId('pick-shares').waitFor({ timeout: 30_000 });
  await expect(sides(matchCard(live, 'Arsenal').getByTestId('pick-shares'))).resolves.toEqual([
    '50% Arsenal win',
    '30% Draw',
    '20% Chelsea win',
  ]);
  await live.close();
  // The same group is what a screen reader announces by name.
  await expect(page.getByRole('group', { name: 'How everyone picked' }).count()).resolves.toBe(3);

  // The league toggle, by keyboard: focus it and choose the league with the arrow keys.
  const picker = page.getByLabel('Picks from');
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  await expect(picker.inputValue()).resolves.toBe('pub-league');
  const inLeague = boardCard(page, 'Arsenal').getByRole('group', { name: 'How Pub League picked' });
  await inLeague.waitFor();
  await expect(inLeague.getByTestId('pick-shares-count').textContent()).resolves.toBe('3 predictions');
  await expect(sides(inLeague)).resolves.toEqual(['34% Arsenal win', '33% Draw', '33% Chelsea win']);
  await expect(said(boardCard(page, 'Aston Villa').getByTestId('pick-shares'))).resolves.toBe(
    'How Pub League picked Nobody in Pub League predicted this match.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/picks-board-league-desktop.png`, fullPage: true });

  // The choice is kept in this browser: Live Matches opens on the league too, and a reload keeps it.
  await page.goto('/matches');
  await matchCard(page, 'Arsenal').getByRole('group', { name: 'How Pub League picked' }).waitFor();
  await expect(page.getByLabel('Picks from').inputValue()).resolves.toBe('pub-league');
  await page.getByLabel('Picks from').selectOption({ label: 'All players' });
  await matchCard(page, 'Arsenal').getByRole('group', { name: 'How everyone picked' }).waitFor();

  // On a phone: the same panel and toggle.
  const phoneCtx = await signedIn(cookie, PHONE);
  const phone = await phoneCtx.newPage();
  await phone.goto('/predictions?gameweek=1');
  await boardCard(phone, 'Arsenal').getByRole('group', { name: 'How everyone picked' }).waitFor();
  await phone.screenshot({ path: `${SHOTS}/picks-board-phone.png`, fullPage: true });
  await phone.getByLabel('Picks from').selectOption({ label: 'Pub League' });
  await boardCard(phone, 'Arsenal').getByRole('group', { name: 'How Pub League picked' }).waitFor();
  expect(await axeViolations(phone)).toEqual([]);
  await phone.screenshot({ path: `${SHOTS}/picks-board-league-phone.png`, fullPage: true });

  expect(errors).toEqual([]);
  await Promise.all([ctx.close(), phoneCtx.close()]);
});

test('Live Matches shows how everyone picked each closed match; a player in no league has no toggle', async () => {
  // Past the deadline now (the first test waited for it, or this one does).
  for (const [viewport, size] of [
    [PHONE, 'phone'],
    [DESKTOP_WIDE, 'desktop'],
  ] as const) {
    const ctx = await signedIn(cookie, viewport);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/matches');
    const arsenal = matchCard(page, 'Arsenal').getByTestId('pick-shares');
    await arsenal.waitFor({ timeout: 100_000 });
    await expect(sides(arsenal)).resolves.toEqual(['50% Arsenal win', '30% Draw', '20% Chelsea win']);
    await expect(matchCard(page, 'Everton').getByTestId('pick-shares').isVisible()).resolves.toBe(true);
    await expect(matchCard(page, 'Liverpool').getByTestId('pick-shares').count()).resolves.toBe(0);
    await expect(said(matchCard(page, 'Aston Villa').getByTestId('pick-shares'))).resolves.toBe(
      'How everyone picked Nobody predicted this match.',
    );
    await expect(page.getByLabel('Picks from').inputValue()).resolves.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/picks-matches-${size}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  }

  const soloCtx = await signedIn(soloCookie);
  const solo = await soloCtx.newPage();
  await solo.goto('/matches');
  await matchCard(solo, 'Arsenal').getByTestId('pick-shares').waitFor();
  await expect(solo.getByLabel('Picks from').count()).resolves.toBe(0);
  await soloCtx.close();
});
