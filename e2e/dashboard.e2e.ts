import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, watchPageErrors, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildPrediction, buildResult } from '../src/server/test/factories-game.js';
import { replayableResults } from '../src/server/seasons/builtin.js';

/**
 * Dashboard, statistics and contact in Chromium against the real server and its built-in season.
 * The clock is Saturday 14 March 2026, 13:30 UTC (gameweek 30); every earlier match has its real
 * 2025/26 result, and the player predicted most of them in a fixed pattern.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-03-14T13:30:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const SUPPORT = 'support@scoreline.test';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let playerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET, SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT }),
    launchBrowser(),
  ]);
  handle = openDatabase(server.databaseUrl);
  const { db } = handle;
  const player = await buildUser(db, 'sqlite', { teamName: 'Pundits', email: 'pundit@example.com' });
  const rival = await buildUser(db, 'sqlite', { teamName: 'Rivals' });
  const admin = await buildUser(db, 'sqlite', { role: 'admin', teamName: 'Admins' });
  playerCookie = await buildSessionCookie(db, 'sqlite', player.id, SECRET);
  adminCookie = await buildSessionCookie(db, 'sqlite', admin.id, SECRET);

  // The real 2025/26 scores from the built-in season file, by fixture id.
  const ft = new Map(replayableResults().map((r) => [r.fixtureId, [r.homeScore, r.awayScore] as const]));
  const fixtures = await db
    .selectFrom('fixtures')
    .selectAll()
    .where('seasonId', '=', '2025-26')
    .where('kickoffAt', 'is not', null)
    .orderBy('kickoffAt')
    .orderBy('id')
    .execute();
  let i = 0;
  let tonight = 0;
  for (const f of fixtures) {
    i += 1;
    const kickoff = Date.parse(f.kickoffAt!);
    const result = ft.get(f.id);
    if (kickoff < Date.parse(NOW) && result) {
      if (i % 5 !== 0) {
        await buildPrediction(db, {
          userId: player.id,
          fixtureId: f.id,
          homeScore: i % 3,
          awayScore: i % 2,
          predictedAt: new Date(kickoff - ((i % 4) * 12 + 3) * 3600_000).toISOString(),
        });
      }
      await buildPrediction(db, {
        userId: rival.id,
        fixtureId: f.id,
        homeScore: 1,
        awayScore: 1,
        predictedAt: new Date(kickoff - 30 * 3600_000).toISOString(),
      });
      await buildResult(db, { fixtureId: f.id, homeScore: result[0], awayScore: result[1], updatedAt: f.kickoffAt! });
    } else if (f.gameweek === 30 && kickoff > Date.parse(NOW) + 3 * 3600_000) {
      // Two picks for tonight's matches, made this morning: no result yet (yellow dots).
      if (tonight < 2) {
        tonight += 1;
        await buildPrediction(db, {
          userId: player.id,
          fixtureId: f.id,
          homeScore: 2,
          awayScore: 1,
          predictedAt: `2026-03-14T12:0${tonight}:00.000Z`,
        });
      }
    }
  }
  const createdAt = '2025-08-01T00:00:00.000Z';
  await db
    .insertInto('leagues')
    .values({
      id: 'lg-office',
      name: 'Office Predictors',
      code: 'QWERTYUP',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: player.id,
      createdAt,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: 'lg-office', userId: player.id, joinedAt: createdAt },
      { leagueId: 'lg-office', userId: rival.id, joinedAt: createdAt },
    ])
    .execute();
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

const signedIn = (cookie: string, viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

/** Script files the page loaded (to prove the chart library stays off other routes). */
function scriptsLoaded(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  });
  return urls;
}

test('the dashboard shows a player with history: tiles, league positions, upcoming, activity, achievements', async () => {
  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  const scripts = scriptsLoaded(page);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Upcoming Matches - Gameweek 30' }).waitFor();
  // A returning player is welcomed back, and the gameweek open for predictions leads.
  await expect(page.getByTestId('greeting').textContent()).resolves.toBe('Welcome back, Pundits!');
  await page
    .getByTestId('next-up')
    .getByRole('link', { name: /^(Make Predictions|Predict now)$/ })
    .waitFor();

  const api = await (await ctx.request.get('/api/dashboard')).json();
  const d = api.dashboard;
  expect(d.tiles.totalPredictions).toBeGreaterThan(200);
  await expect(
    page
      .getByText(`${d.tiles.successRate.toFixed(1)}%`)
      .first()
      .isVisible(),
  ).resolves.toBe(true);

  // League positions: the real league, the You tag, members and points.
  const positions = page.getByRole('region', { name: 'Your League Positions' });
  await positions.getByText('Office Predictors').waitFor();
  await expect(positions.getByText('You', { exact: true }).isVisible()).resolves.toBe(true);
  await expect(positions.getByText('2 members').isVisible()).resolves.toBe(true);
  await expect(positions.getByRole('link', { name: 'View All Leaderboards' }).getAttribute('href')).resolves.toBe(
    '/leaderboard',
  );
  // Leagues are a place of their own: a link to them always, and one in the main navigation.
  await expect(positions.getByTestId('leagues-link').getAttribute('href')).resolves.toBe('/leagues');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).getAttribute('href'),
  ).resolves.toBe('/leagues');

  // Upcoming: at most 5, names without ' FC', times in the viewer's zone (London here).
  const upcoming = page.getByRole('region', { name: /Upcoming Matches/ });
  const rows = upcoming.getByRole('listitem');
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(5);
  expect(await upcoming.innerText()).not.toMatch(/ FC\b/);
  await expect(upcoming.getByRole('link', { name: 'View All →' }).getAttribute('href')).resolves.toBe('/predictions');
  await expect(upcoming.getByText('Add matches in Admin panel').count()).resolves.toBe(0);
  // Match day (today's 15:00 matches closed at 13:00): each of today's matches shows my pick or
  // that I have none, and the closed ones how everyone picked, on the board's card of that gameweek.
  await expect.poll(() => upcoming.getByTestId('upcoming-pick').count()).toBe(n);
  await expect(upcoming.getByTestId('upcoming-pick').filter({ hasText: 'Your pick 2–1' }).count()).resolves.toBe(2);
  await expect(upcoming.getByTestId('upcoming-pick').filter({ hasText: 'No pick' }).count()).resolves.toBe(n - 2);
  const shares = upcoming.getByTestId('upcoming-shares');
  await expect(shares.count()).resolves.toBe(2);
  await expect(shares.first().getAttribute('href')).resolves.toBe('/predictions?gameweek=30');
  await expect(
    upcoming
      .locator('li', { has: page.getByTestId('upcoming-shares') })
      .getByTestId('upcoming-pick')
      .allTextContents(),
  ).resolves.toEqual(['No pick', 'No pick']);

  // Recent activity: 4 items, scored picks first once results are in, so tonight's pending picks wait their turn.
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  const items = activity.locator('li');
  await expect(items.count()).resolves.toBe(4);
  const states = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  expect(states.every((s) => s === 'right' || s === 'wrong')).toBe(true);
  await expect(activity.getByText(/^Your pick: \d+-\d+$/).count()).resolves.toBe(4);

  // Achievements: the one set the statistics screen shows too, the first four earned for a season of predictions.
  const badges = page.getByRole('region', { name: 'Achievements' }).locator('li');
  await expect(badges.count()).resolves.toBe(9);
  await expect(badges.evaluateAll((els) => els.slice(0, 4).map((e) => e.getAttribute('data-earned')))).resolves.toEqual(
    ['true', 'true', 'true', 'true'],
  );
  await expect(page.getByRole('progressbar').count()).resolves.toBe(3);
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Fixtures' }).count()).resolves.toBe(0);

  await page.screenshot({ path: `${SHOTS}/issue6-dashboard-desktop.png`, fullPage: true });
  expect(scripts.some((u) => /RankChart/.test(u))).toBe(false);
  expect(errors).toEqual([]);

  const phone = await (await signedIn(playerCookie, PHONE)).newPage();
  await phone.goto('/dashboard');
  await phone.getByText('Office Predictors').waitFor();
  await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  // On a phone the action a fan comes for is on the first screen, not at the bottom of the page.
  const action = await phone.getByTestId('next-up').getByRole('link').first().boundingBox();
  expect(action!.y + action!.height).toBeLessThanOrEqual(PHONE.height);
  // Recent activity names clubs by their short names there, never cut mid-word ("Manchester C").
  const teams = await phone.getByTestId('activity-teams').evaluateAll((els) =>
    els.map((e) => ({
      text: (e as HTMLElement).innerText.replace(/\s+/g, ' '),
      cut: [...e.querySelectorAll('span')].some((s) => s.offsetParent !== null && s.scrollWidth > s.clientWidth + 1),
    })),
  );
  expect(teams).toHaveLength(4);
  for (const t of teams) expect(t).toMatchObject({ text: expect.stringMatching(/^\S.* vs \S.*$/), cut: false });
  expect(teams.map((t) => t.text).join(' ')).not.toMatch(/Manchester C\b|Nottingham F\b|Wolverhampto\b|Brighton & H\b/);
  await phone.screenshot({ path: `${SHOTS}/issue6-dashboard-phone.png`, fullPage: true });
  await ctx.close();
});

test('an admin gets the Admin Fixtures button; someone who has never predicted is greeted as new and shown where to start', async () => {
  const ctx = await signedIn(adminCookie);
  const page = await ctx.newPage();
  await page.goto('/dashboard');
  // The button says where it leads, and leads there.
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Fixtures' }).getAttribute('href')).resolves.toBe(
    '/admin',
  );
  await expect(page.getByTestId('greeting').textContent()).resolves.toBe('Welcome to Scoreline, Admins!');
  const start = page.getByTestId('next-up');
  await start.getByRole('heading', { name: 'Start with Gameweek 30' }).waitFor();
  await start.getByRole('link', { name: 'Make your first predictions' }).waitFor();
  // Not a league member yet: join or create one, offered once (the empty league panel stays away).
  await expect(start.getByRole('link', { name: 'Join a league' }).getAttribute('href')).resolves.toBe(
    '/leagues?join=1',
  );
  await expect(start.getByRole('link', { name: 'Create a league' }).getAttribute('href')).resolves.toBe(
    '/leagues?create=1',
  );
  await expect(page.getByText("You haven't joined any leagues yet").count()).resolves.toBe(0);
  await expect(page.getByText('No recent activity').count()).resolves.toBe(0);
  // No "Gameweek 29: 0 points" for a gameweek never played, and no tiles of noughts.
  await expect(page.getByRole('heading', { name: /^Gameweek \d+: / }).count()).resolves.toBe(0);
  await expect(page.getByText('Total Predictions').count()).resolves.toBe(0);

  // "Join a league" opens the Leagues screen with the cursor in the code field, ready to type.
  await start.getByRole('link', { name: 'Join a league' }).click();
  await page.waitForURL('**/leagues?join=1');
  await page.getByRole('heading', { name: 'Leagues', level: 1 }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'league-code');
  const code = page.getByLabel('League Code');
  // The example reads as written ("e.g.", not "E.G."); what is typed shows upper-case.
  await expect(code.getAttribute('placeholder')).resolves.toBe('e.g. K7QX3M9P');
  await expect(
    code.evaluate((el) => [getComputedStyle(el, '::placeholder').textTransform, getComputedStyle(el).textTransform]),
  ).resolves.toEqual(['none', 'uppercase']);
  await page.getByText('No Leagues Yet').waitFor();
  // Create is there at any time, in a dialog.
  await page.getByRole('button', { name: 'Create a League' }).click();
  await page.getByRole('dialog', { name: 'Create a League' }).getByLabel('League Name').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Create a League' }).waitFor({ state: 'hidden' });
  await ctx.close();
});

test('the statistics page renders the rank-history chart, loaded only there', async () => {
  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  const scripts = scriptsLoaded(page);
  await page.goto('/statistics');
  await page.getByRole('heading', { name: 'Rank History' }).waitFor();
  const chart = page.getByTestId('rank-chart');
  await chart.locator('svg.recharts-surface').first().waitFor();
  // Ten gameweeks, a rank line and points bars.
  await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).resolves.toBe(10);
  await expect(chart.locator('.recharts-line-curve').count()).resolves.toBe(1);
  await expect(chart.locator('.recharts-bar-rectangle').count()).resolves.toBeGreaterThan(0);
  expect(scripts.some((u) => /RankChart/.test(u))).toBe(true);

  const stats = (await (await ctx.request.get('/api/me/statistics?tz=Europe/London')).json()).statistics;
  await expect(
    page.getByText(`${stats.correctPredictions} of ${stats.scoredPredictions} predictions`).isVisible(),
  ).resolves.toBe(true);
  await expect(page.getByText(`Current streak: ${stats.currentStreak}`).isVisible()).resolves.toBe(true);
  for (const label of [
    'Early (24h+)',
    'Average',
    'Last Min (2h)',
    'Weekday Performance',
    'Most Predicted Teams',
    'Times at #1',
    'Gameweeks Played',
    'Top Position Rate',
  ]) {
    await expect(page.getByText(label, { exact: true }).first().isVisible()).resolves.toBe(true);
  }
  await page.screenshot({ path: `${SHOTS}/issue6-statistics-desktop.png`, fullPage: true });

  // The league selector re-ranks among the league's members.
  await page.getByLabel('Ranked among').selectOption({ label: 'Office Predictors' });
  await page.getByRole('list', { name: 'Rank per gameweek, Office Predictors' }).waitFor();
  expect(errors).toEqual([]);

  const phone = await (await signedIn(playerCookie, PHONE)).newPage();
  await phone.goto('/statistics');
  await phone.getByTestId('rank-chart').locator('svg.recharts-surface').first().waitFor();
  await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  await phone.screenshot({ path: `${SHOTS}/issue6-statistics-phone.png`, fullPage: true });
  await ctx.close();
});

test('the contact form checks fields in the spec’s order, says only what is true, and the message names the account', async () => {
  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).waitFor();
  await expect(page.getByText(SUPPORT).first().isVisible()).resolves.toBe(true);
  for (const t of [
    'We read every message and usually answer within a few days.',
    'Technical Issues',
    'Account Problems',
    'Results and Fixtures',
    'Feature Requests',
    'General Feedback',
    'Tips',
  ]) {
    await expect(page.getByText(t, { exact: true }).isVisible()).resolves.toBe(true);
  }
  // Nothing promised that nobody keeps, nothing about paying for a free game.
  for (const untrue of ['24/7', '24 hours', 'Billing', 'Pro Tips', 'Upgrade Now'])
    await expect(page.getByText(untrue).count()).resolves.toBe(0);
  await page.screenshot({ path: `${SHOTS}/issue6-contact-desktop.png`, fullPage: true });

  const email = page.getByLabel('Email', { exact: true });
  const message = page.getByLabel('Message', { exact: true });
  const send = page.getByRole('button', { name: 'Send Message' });
  // Replies go to the account's verified address unless the player types another.
  await expect(email.inputValue()).resolves.toBe('pundit@example.com');
  await email.fill('');
  await send.click();
  await page.getByText('Email is required').waitFor();
  await email.fill('not-an-address');
  await send.click();
  await page.getByText('Message is required').waitFor();
  await message.fill('The table missed my points for gameweek 29.');
  await send.click();
  await page.getByText('Please enter a valid email address').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue6-contact-error-desktop.png`, fullPage: true });
  // An address with a query in it would put a cc and a body into the admin's reply: refused.
  await email.fill('support@bigcorp.example?cc=attacker%40evil.test&body=Send%20the%20reset%20link');
  await send.click();
  await page
    .getByText('Please enter just an e-mail address, like name@example.com, with nothing before or after it.')
    .waitFor();

  await email.fill('pundit.reply@example.org');
  await send.click();
  await page.getByText("Message sent. We'll answer by e-mail at pundit.reply@example.org.").waitFor();
  await expect(email.inputValue()).resolves.toBe('pundit@example.com');
  await expect(message.inputValue()).resolves.toBe('');
  const mail = await sink.waitFor((m) => m.text.includes('The table missed my points for gameweek 29.'));
  expect(mail.to).toEqual([SUPPORT]);
  expect(mail.subject).toBe('New message from the Scoreline contact form');
  expect(mail.raw).toMatch(/^Reply-To: pundit\.reply@example\.org/m);
  // The mail names the account as the sender; the typed reply address is marked as not verified.
  expect(mail.text).toContain('From the account: Pundits <pundit@example.com> (verified address)');
  expect(mail.text).toContain('Reply to: pundit.reply@example.org (typed by the sender, not verified)');
  // The success banner clears itself after 5 seconds.
  await page
    .getByText("Message sent. We'll answer by e-mail at pundit.reply@example.org.")
    .waitFor({ state: 'detached', timeout: 8000 });
  expect(errors).toEqual([]);

  const phone = await (await signedIn(playerCookie, PHONE)).newPage();
  await phone.goto('/contact');
  await phone.getByRole('button', { name: 'Send Message' }).waitFor();
  await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  await phone.screenshot({ path: `${SHOTS}/issue6-contact-phone.png`, fullPage: true });

  // The admin sees it, delivered.
  const admin = await (await signedIn(adminCookie)).newPage();
  await admin.goto('/admin/messages');
  const card = admin.locator('li[data-status]').filter({ hasText: 'The table missed my points' });
  await card.waitFor();
  await expect(card.getAttribute('data-status')).resolves.toBe('sent');
  await card.getByText('Account: pundit@example.com (verified)').waitFor();
  await expect(card.getByRole('link', { name: 'pundit.reply@example.org' }).getAttribute('href')).resolves.toBe(
    'mailto:pundit.reply@example.org',
  );
  await card.getByText('(typed by the sender, not verified)').waitFor();
  await admin.screenshot({ path: `${SHOTS}/issue6-admin-messages-desktop.png`, fullPage: true });
  const adminPhone = await (await signedIn(adminCookie, PHONE)).newPage();
  await adminPhone.goto('/admin/messages');
  await adminPhone.locator('li[data-status]').first().waitFor();
  await adminPhone.screenshot({ path: `${SHOTS}/issue6-admin-messages-phone.png`, fullPage: true });
  await ctx.close();
});
