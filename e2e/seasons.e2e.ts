import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { startSmtpSink } from './support/smtp.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildPrediction } from '../src/server/test/factories-game.js';

/**
 * What players see of seasons, in Chromium against the real server on a fresh database
 * seeded with both built-in seasons: 2025/26 finished with every result, 2026/27 current.
 * 1. With the clock at Monday 23 November 2026: a newcomer signs up, verifies, predicts a Gameweek
 *    12 match (Saturday 28 November 2026), joins a veteran's league, then looks back at 2025/26:
 *    read-only cards with final results, that season's final table, its statistics; the season is
 *    in the URL, survives a reload and the back button; "All seasons" adds the seasons up.
 * 2. Between seasons (1 June 2026, then 15 June 2027 on the same data): "Season over" states.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
/** The committed between-seasons screenshots: /tmp unless asked (E2E_SCREENS_DIR=docs/screens refreshes them). */
const SCREENS = process.env.E2E_SCREENS_DIR ?? SHOTS;
/** The wide desktop the screens are checked at. */
const WIDE = { width: 1440, height: 900 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (server: RunningServer, cookie: string, viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

const seasonOf = (page: Page) => new URL(page.url()).searchParams.get('season');
const card = (page: Page, home: string) => page.getByTestId('fixture-card').filter({ hasText: home });
/** The visible text of each row of the league table on screen. */
const tableRows = (page: Page) => page.locator('table tbody tr:not([aria-hidden])').allInnerTexts();

describe('seasons, the player’s view (clock: 23 November 2026)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let handle: DatabaseHandle;
  let veteranCookie = '';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({
      SCORELINE_NOW: '2026-11-23T10:00:00.000Z',
      AUTH_SECRET: SECRET,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Scoreline <noreply@scoreline.test>',
    });
    handle = openDatabase(server.databaseUrl);
    // A veteran who played 2025/26's last day (an exact score and a right result: 4 points) and
    // 2026/27's first match (exact: 3 points), in a public league of their own.
    const veteran = await buildUser(handle.db, 'sqlite', { teamName: 'Old Guard FC' });
    veteranCookie = await buildSessionCookie(handle.db, 'sqlite', veteran.id, SECRET);
    const id = async (season: string, home: string) =>
      (
        await handle.db
          .selectFrom('fixtures')
          .select('id')
          .where('seasonId', '=', season)
          .where('homeTeam', '=', home)
          .orderBy('kickoffAt', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    await buildPrediction(handle.db, {
      userId: veteran.id,
      fixtureId: await id('2025-26', 'Sunderland AFC'),
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2026-05-20T10:00:00.000Z',
    });
    await buildPrediction(handle.db, {
      userId: veteran.id,
      fixtureId: await id('2025-26', 'Brighton & Hove Albion FC'),
      homeScore: 0,
      awayScore: 1,
      predictedAt: '2026-05-20T10:00:00.000Z',
    });
    await buildPrediction(handle.db, {
      userId: veteran.id,
      fixtureId: await id('2025-26', 'Crystal Palace FC'),
      homeScore: 0,
      awayScore: 0,
      predictedAt: '2026-05-20T10:00:00.000Z',
    });
    const firstMatch = (
      await handle.db
        .selectFrom('fixtures')
        .select('id')
        .where('seasonId', '=', '2026-27')
        .where('gameweek', '=', 1)
        .where('homeTeam', '=', 'Arsenal FC')
        .executeTakeFirstOrThrow()
    ).id;
    await buildPrediction(handle.db, {
      userId: veteran.id,
      fixtureId: firstMatch,
      homeScore: 3,
      awayScore: 0,
      predictedAt: '2026-08-20T10:00:00.000Z',
    });
    const ctx = await signedIn(server, veteranCookie);
    const res = await ctx.request.post('/api/leagues', {
      data: { name: 'Old Guard League', privacy: 'public' },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(201);
    await ctx.close();
    // The veteran's league has been going since 2025/26 began: it has a table of that season
    // (a league made later has none, decision 0109).
    await handle.db
      .updateTable('leagues')
      .set({ createdAt: '2025-08-01T10:00:00.000Z' })
      .where('name', '=', 'Old Guard League')
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
    await smtp?.stop();
  });

  test('a newcomer predicts Gameweek 12 of 2026/27, then looks back at 2025/26: read-only, its final table, in the URL', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);

    // The landing page names the current season (from the server, not the build).
    await page.goto('/');
    await page.getByTestId('landing-season').filter({ hasText: 'Premier League 2026/27' }).waitFor();

    // Sign up and verify.
    const email = `newcomer-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Nia Newcomer');
    await page.getByLabel('Team Name').fill('Fresh Legs');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('newcomer-pass-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('newcomer-pass-1');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject));
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.waitForURL('**/verified');

    // Predictions open on Gameweek 12 of 2026/27, Saturday 28 November, predictable now.
    await page.goto('/predictions');
    const switcher = page.getByLabel('Season', { exact: true });
    await expect.poll(() => switcher.inputValue()).toBe('2026-27');
    await expect(switcher.locator('option:checked').textContent()).resolves.toBe('Premier League 2026/27 (current)');
    await card(page, 'Arsenal').waitFor();
    await expect(page.getByLabel('Gameweek', { exact: true }).inputValue()).resolves.toBe('12');
    await expect(card(page, 'Arsenal').textContent()).resolves.toContain('Sat 28 Nov');
    expect(seasonOf(page)).toBeNull();

    // Predict Arsenal v Manchester City through the prediction modal; it is saved.
    await card(page, 'Arsenal')
      .getByRole('button', { name: /^Predict/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Arsenal' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Manchester City' }).fill('1');
    await dialog.getByRole('button', { name: 'Save Prediction' }).click();
    await card(page, 'Arsenal').getByText('Your prediction: 2 - 1').waitFor();
    const saved = await handle.db
      .selectFrom('predictions')
      .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
      .innerJoin('user', 'user.id', 'predictions.userId')
      .select(['fixtures.seasonId', 'fixtures.gameweek', 'predictions.homeScore', 'predictions.awayScore'])
      .where('user.email', '=', email)
      .execute();
    expect(saved).toEqual([{ seasonId: '2026-27', gameweek: 12, homeScore: 2, awayScore: 1 }]);

    // Join the veteran's public league; its 2026/27 table (current by default) has the veteran's 3 points.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByRole('button', { name: 'Join League' }).click();
    await page.getByRole('button', { name: 'Join Old Guard League' }).click();
    await page.getByRole('heading', { name: 'Old Guard League' }).waitFor();
    await page.getByTestId('table-season').filter({ hasText: '2026/27 season' }).waitFor();
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        expect.stringMatching(/Old Guard FC[\s\S]*\b1\s+3$/),
        expect.stringMatching(/Fresh Legs[\s\S]*\b0\s+0$/),
      ]);
    expect(seasonOf(page)).toBeNull();

    // Back to Predictions, switch to 2025/26: the URL says so, the cards are read-only with final results.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Predictions', exact: true })
      .click();
    await card(page, 'Arsenal').waitFor();
    // By keyboard: the seasons are newest first, so one step down is 2025/26.
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/[?&]season=2025-26/);
    await page.getByTestId('past-season-note').filter({ hasText: 'The 2025/26 season is over' }).waitFor();
    const sunderland = card(page, 'Sunderland');
    await sunderland.waitFor();
    // Gameweek 38, Sunday 24 May 2026: Sunderland 2-1 Chelsea; the newcomer did not play that season.
    await expect(page.getByLabel('Gameweek', { exact: true }).inputValue()).resolves.toBe('38');
    await expect(sunderland.textContent()).resolves.toMatch(/Sun 24 May[\s\S]*2 - 1[\s\S]*No prediction/);
    await expect(page.getByTestId('fixture-card').count()).resolves.toBe(10);
    await expect(
      page
        .getByTestId('fixture-card')
        .getByRole('button', { name: /^(Predict|Edit)/ })
        .count(),
    ).resolves.toBe(0);
    await expect(page.getByRole('group', { name: 'Upcoming or past' }).count()).resolves.toBe(0);

    // The season survives a reload, and the back button returns to the current season.
    await page.reload();
    await card(page, 'Sunderland').waitFor();
    expect(seasonOf(page)).toBe('2025-26');
    await expect(switcher.inputValue()).resolves.toBe('2025-26');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('season'));
    await card(page, 'Arsenal').getByText('Your prediction: 2 - 1').waitFor();
    await page.goForward();
    await card(page, 'Sunderland').waitFor();

    // From the past season to its final league table: the season comes along in the link.
    await page.getByTestId('past-season-note').getByRole('link', { name: 'Final league tables' }).click();
    await page.waitForURL(/\/leaderboard\?season=2025-26/);
    await page.getByTestId('table-season').filter({ hasText: '2025/26 final table' }).waitFor();
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        expect.stringMatching(/Old Guard FC[\s\S]*\b1\s+4$/),
        expect.stringMatching(/Fresh Legs[\s\S]*\b0\s+0$/),
      ]);
    // A past season's table has no Live switch (that is the current season's).
    await expect(page.getByRole('button', { name: 'Live', exact: true }).count()).resolves.toBe(0);

    // All seasons: the points added up (4 + 3), and no gameweek table to choose.
    await page.getByLabel('Season', { exact: true }).selectOption('all');
    await page.waitForURL(/[?&]season=all/);
    await page.getByTestId('table-season').filter({ hasText: 'All seasons' }).waitFor();
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        expect.stringMatching(/Old Guard FC[\s\S]*\b2\s+7$/),
        expect.stringMatching(/Fresh Legs[\s\S]*\b0\s+0$/),
      ]);
    await expect(page.getByRole('group', { name: 'Table' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Gameweek', { exact: true }).count()).resolves.toBe(0);

    // Statistics keeps the season chosen on the leaderboard's neighbours; "all" is the leaderboard's alone.
    await page.getByLabel('Season', { exact: true }).selectOption('2025-26');
    await page.waitForURL(/[?&]season=2025-26/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL(/\/statistics\?season=2025-26/);
    await page.getByText('How your predictions went in 2025/26.').waitFor();
    await page.getByRole('heading', { name: 'Rank History' }).waitFor();

    // An unknown season is a clear state, not a crash.
    await page.goto('/predictions?season=1999-00');
    await page.getByTestId('season-not-found').getByRole('heading', { name: 'Season not found' }).waitFor();
    await page.getByRole('link', { name: 'Show the current season' }).click();
    await card(page, 'Arsenal').waitFor();
    expect(seasonOf(page)).toBeNull();
    await page.goto('/predictions?season=all');
    await page.getByRole('heading', { name: 'Season not found' }).waitFor();

    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('the season screens have no serious or critical axe violations, at phone and desktop size', async () => {
    const routes = [
      '/predictions',
      '/predictions?season=2025-26',
      '/predictions?season=2025-26&gameweek=1',
      '/leaderboard?season=2025-26',
      '/leaderboard?season=all',
      '/statistics?season=2025-26',
      '/predictions?season=nope',
    ];
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      // axe is injected as a script, which the app's CSP forbids; only the audit bypasses it.
      const ctx = await signedIn(server, veteranCookie, viewport);
      const page = await ctx.newPage();
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await page.getByLabel('Season', { exact: true }).waitFor();
        await page
          .waitForFunction(() => !/Loading/.test(document.body.innerText), undefined, { timeout: 15_000 })
          .catch(() => {});
        await page.screenshot({
          path: `${SHOTS}/seasons-${route.replace(/\W+/g, '-').replace(/^-/, '')}-${size}.png`,
          fullPage: true,
        });
        if (route.startsWith('/statistics')) {
          // The veteran's 2025/26: 4 points from the last day, top of the table that gameweek.
          await page
            .getByRole('list', { name: /Rank per gameweek/ })
            .getByText('GW 38')
            .waitFor();
          await expect(
            page
              .getByRole('list', { name: /Rank per gameweek/ })
              .locator('li')
              .last()
              .innerText(),
          ).resolves.toMatch(/GW 38\s+#1\s+4 pts/);
        }
        found.push(...(await axeViolations(page, SERIOUS_WCAG21)).map((v) => `${route} (${size}): ${v}`));
      }
      await ctx.close();
      expect(found).toEqual([]);
    }
  });
});

describe('between seasons', () => {
  let server: RunningServer;
  let dataDir = '';
  let cookie = '';
  const env = { AUTH_SECRET: SECRET };

  beforeAll(async () => {
    // 30 May 2026: 2025/26 ended on Sunday 24 May, 2026/27 starts on Friday 21 August.
    server = await startServer({ ...env, SCORELINE_NOW: '2026-05-30T12:00:00.000Z' });
    dataDir = server.dataDir;
    const handle = openDatabase(server.databaseUrl);
    // A player who played 2025/26's last day (Sunderland 2-1 Chelsea, exactly: 3 points; Brighton
    // 0-1 Manchester United, the right result: 1 point) and is in a league with a friend who did not.
    const player = await buildUser(handle.db, 'sqlite', { teamName: 'Summer Break' });
    const friend = await buildUser(handle.db, 'sqlite', { teamName: 'Late Starter' });
    cookie = await buildSessionCookie(handle.db, 'sqlite', player.id, SECRET);
    const lastDay = async (home: string) =>
      (
        await handle.db
          .selectFrom('fixtures')
          .select('id')
          .where('seasonId', '=', '2025-26')
          .where('homeTeam', '=', home)
          .orderBy('kickoffAt', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    await buildPrediction(handle.db, {
      userId: player.id,
      fixtureId: await lastDay('Sunderland AFC'),
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2026-05-20T10:00:00.000Z',
    });
    await buildPrediction(handle.db, {
      userId: player.id,
      fixtureId: await lastDay('Brighton & Hove Albion FC'),
      homeScore: 0,
      awayScore: 2,
      predictedAt: '2026-05-20T10:00:00.000Z',
    });
    const friendCookie = await buildSessionCookie(handle.db, 'sqlite', friend.id, SECRET);
    await handle.close();
    const ctx = await signedIn(server, cookie);
    const created = await ctx.request.post('/api/leagues', {
      data: { name: 'Summer League' },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const code = ((await created.json()) as { league: { code: string } }).league.code;
    await ctx.close();
    const friendCtx = await signedIn(server, friendCookie);
    expect(
      (await friendCtx.request.post('/api/leagues/join', { data: { code }, headers: { origin: server.url } })).status(),
    ).toBe(200);
    await friendCtx.close();
    // The friends' league has been going since 2025/26 began, so it has a table of that season
    // (a league made after a season has none, decision 0109).
    const later = openDatabase(server.databaseUrl);
    await later.db
      .updateTable('leagues')
      .set({ createdAt: '2025-08-01T10:00:00.000Z' })
      .where('name', '=', 'Summer League')
      .execute();
    await later.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the dashboard and predictions say the season is over and offer 2026/27’s fixtures, with the final table a click away', async () => {
    const seasons = (await (await fetch(`${server.url}/api/seasons`)).json()) as {
      current: string;
      seasons: Array<{ id: string; phase: string; competition: { id: string } }>;
    };
    expect(seasons.current).toBe('2026-27');
    // The Premier League's seasons (the Champions League and the World Cup have their own).
    const league = seasons.seasons.filter((s) => s.competition.id === 'premier-league');
    expect(Object.fromEntries(league.map((s) => [s.id, s.phase]))).toEqual({
      '2026-27': 'upcoming',
      '2025-26': 'finished',
    });

    const ctx = await signedIn(server, cookie, PHONE);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/dashboard');
    const banner = page.getByTestId('season-break');
    await banner.getByText('Season over — the 2026/27 season starts on Friday 21 August 2026.').waitFor();
    await page.getByTestId('dashboard-season').filter({ hasText: '2026/27 season' }).waitFor();
    // The league positions are the finished season's, and say so under the new season's heading.
    await page.getByRole('region', { name: 'Your League Positions' }).getByText('2025/26 final standings').waitFor();
    await page.screenshot({ path: `${SCREENS}/seasons-between-seasons-dashboard-phone.png`, fullPage: true });

    // Predictions: the same state above the new season's first gameweek, which can be predicted already.
    await page.goto('/predictions');
    await banner.getByText('Season over — the 2026/27 season starts on Friday 21 August 2026.').waitFor();
    await expect(page.getByLabel('Gameweek', { exact: true }).inputValue()).resolves.toBe('1');
    await card(page, 'Arsenal')
      .getByRole('button', { name: /^Predict/ })
      .waitFor();
    await expect(page.getByLabel('Season', { exact: true }).locator('option:checked').textContent()).resolves.toBe(
      'Premier League 2026/27 (next)',
    );

    // The banner's link: the leaderboard, which leads with 2025/26 anyway (no season in the address).
    await banner.getByRole('link', { name: 'See the 2025/26 final table' }).click();
    await page.waitForURL((u) => u.pathname === '/leaderboard' && !u.searchParams.has('season'));
    await page
      .getByTestId('season-final')
      .getByText('The 2025/26 season is over: these are its final standings.')
      .waitFor();
    await expect.poll(() => page.getByLabel('Season', { exact: true }).inputValue()).toBe('2025-26');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('the leaderboard, statistics and summaries lead with 2025/26’s final standings; 2026/27 is one click away', async () => {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', WIDE],
    ] as const) {
      const ctx = await signedIn(server, cookie, viewport);
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      const final = page.getByTestId('season-final');

      // League table: 2025/26's final table, the player top with 4 points; no Live switch.
      await page.goto('/leaderboard');
      await final.getByText('The 2025/26 season is over: these are its final standings.').waitFor();
      await final.getByText('The 2026/27 season starts on Friday 21 August 2026.').waitFor();
      await page.getByTestId('table-season').filter({ hasText: '2025/26 final table' }).waitFor();
      // The player first with 4 points (an exact score and a right result), the friend with none.
      await expect
        .poll(() => tableRows(page))
        .toEqual([
          expect.stringMatching(/Summer Break[\s\S]*\s4(\s|$)/),
          expect.stringMatching(/Late Starter[\s\S]*\s0(\s|$)/),
        ]);
      await expect(page.getByRole('switch', { name: 'Live' }).count()).resolves.toBe(0);
      await page.screenshot({ path: `${SCREENS}/seasons-between-seasons-leaderboard-${size}.png`, fullPage: true });

      // Everyone: 2025/26's overall leaderboard too.
      await page.getByRole('button', { name: 'Everyone' }).click();
      await page.getByRole('heading', { name: 'Everyone' }).waitFor();
      await expect.poll(() => tableRows(page)).toEqual([expect.stringMatching(/Summer Break[\s\S]*\s4(\s|$)/)]);
      await final.waitFor();

      // One click to the new season: its tables are empty, and say why; one click back.
      await page.getByRole('button', { name: 'My Leagues' }).click();
      await final.getByRole('link', { name: 'Switch to 2026/27' }).click();
      await page.waitForURL(/[?&]season=2026-27/);
      await page
        .getByTestId('season-not-started')
        .getByText('The 2026/27 season starts on Friday 21 August 2026: nothing has been played in it yet.')
        .waitFor();
      await page.getByTestId('table-season').filter({ hasText: '2026/27 season' }).waitFor();
      await expect
        .poll(() => tableRows(page))
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/Summer Break[\s\S]*\s0(\s|$)/),
            expect.stringMatching(/Late Starter[\s\S]*\s0(\s|$)/),
          ]),
        );
      await page
        .getByTestId('season-not-started')
        .getByRole('link', { name: 'See the 2025/26 final standings' })
        .click();
      await page.waitForURL((u) => u.pathname === '/leaderboard' && !u.searchParams.has('season'));
      await page.getByTestId('table-season').filter({ hasText: '2025/26 final table' }).waitFor();

      // Statistics: the player's 2025/26, with its rank history.
      await page.goto('/statistics');
      await page.getByText('How your predictions went in 2025/26.').waitFor();
      await final.waitFor();
      await expect(
        page
          .getByRole('list', { name: /Rank per gameweek/ })
          .locator('li')
          .last()
          .innerText(),
      ).resolves.toMatch(/GW 38\s+#1\s+4 pts/);
      await page.screenshot({ path: `${SHOTS}/seasons-between-seasons-statistics-${size}.png`, fullPage: true });

      // The summary of the last gameweek: 2025/26's, its way back to that gameweek of that season.
      await page.goto('/predictions/gameweek/38');
      await page.getByTestId('summary-season').filter({ hasText: '2025/26 season' }).waitFor();
      await expect(page.getByTestId('summary-points').innerText()).resolves.toBe('4');
      await expect(
        page.getByRole('main').getByRole('link', { name: 'Predictions', exact: true }).getAttribute('href'),
      ).resolves.toBe('/predictions?gameweek=38&season=2025-26');
      await page.screenshot({ path: `${SHOTS}/seasons-between-seasons-summary-${size}.png`, fullPage: true });

      // A shared link naming a season still opens that season.
      await page.goto('/statistics?season=2026-27');
      await page.getByTestId('season-not-started').waitFor();
      await expect(page.getByLabel('Season', { exact: true }).inputValue()).resolves.toBe('2026-27');
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  test('the between-seasons screens have no serious or critical axe violations', async () => {
    const found: string[] = [];
    for (const viewport of [PHONE, WIDE]) {
      const ctx = await signedIn(server, cookie, viewport);
      const page = await ctx.newPage();
      for (const route of ['/leaderboard', '/leaderboard?season=2026-27', '/statistics', '/predictions/gameweek/38']) {
        await page.goto(route);
        await page
          .getByTestId(
            route.includes('2026-27')
              ? 'season-not-started'
              : route.includes('gameweek')
                ? 'summary-season'
                : 'season-final',
          )
          .waitFor();
        found.push(...(await axeViolations(page, SERIOUS_WCAG21)).map((v) => `${route} (${viewport.width}): ${v}`));
      }
      await ctx.close();
    }
    expect(found).toEqual([]);
  });

  test('with the last season finished and nothing scheduled: "the next season’s fixtures are not out yet", no empty lists', async () => {
    // The same data a year on: 15 June 2027, 2026/27 over, no 2027/28.
    await server.stop('SIGTERM', { keepData: true });
    server = await startServer({ ...env, SCORELINE_NOW: '2027-06-15T10:00:00.000Z' }, { dataDir });
    const ctx = await signedIn(server, cookie);
    const page = await ctx.newPage();
    await page.goto('/dashboard');
    const banner = page.getByTestId('season-break');
    await banner.getByText('Season over — the next season’s fixtures are not out yet.').waitFor();
    await banner.getByText('The 2026/27 season has finished.').waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect(page.getByRole('heading', { name: /Upcoming Matches/ }).count()).resolves.toBe(0);
    await expect(page.getByText('No upcoming matches scheduled').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/seasons-between-none-desktop.png`, fullPage: true });

    // Predictions: the finished current season is read-only, under the same banner (no second note).
    await page.goto('/predictions');
    await banner.waitFor();
    await page.getByTestId('fixture-card').first().getByText('No prediction').waitFor();
    await expect(
      page
        .getByTestId('fixture-card')
        .getByRole('button', { name: /^(Predict|Edit)/ })
        .count(),
    ).resolves.toBe(0);
    await expect(page.getByText('No Upcoming Matches').count()).resolves.toBe(0);
    await expect(page.getByTestId('past-season-note').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/seasons-between-none-predictions-desktop.png`, fullPage: true });
    await banner.getByRole('link', { name: 'See the 2026/27 final table' }).click();
    await page.waitForURL((u) => u.pathname === '/leaderboard');
    await ctx.close();
  });
});
