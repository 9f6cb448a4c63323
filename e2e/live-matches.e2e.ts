import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newContext,
  watchPageErrors,
  signedInContext,
  axeViolations,
  WCAG2_BODY,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { buildFixture } from '../src/server/test/factories-season.js';
import { buildPrediction } from '../src/server/test/factories-game.js';
import { buildLeague } from '../src/server/test/factories-league.js';

/**
 * Match day in Chromium against the real server: the clock (SCORELINE_NOW) is five minutes after
 * Arsenal v Chelsea kicked off on Saturday 16 August 2025. The database is prepared before the
 * server starts, so the reminder scheduler's first pass (a second after start-up) already sees
 * the player's unpredicted evening match and mails a real SMTP sink.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2025-08-16T14:05:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const RIVALS = 54;

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dir: string;
let playerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-matchday-'));
  const databaseUrl = path.join(dir, 'scoreline.db');
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle);
  const { db } = handle;
  const player = await buildUser(db, 'sqlite', {
    teamName: 'Pundits',
    email: 'player@example.com',
    name: 'Pat Player',
  });
  const admin = await buildUser(db, 'sqlite', { role: 'admin', teamName: 'Admins', email: 'admin@example.com' });
  const live = await buildFixture(db, {
    id: 'ArsenalFC_vs_ChelseaFC_2025-08-16',
    kickoffAt: '2025-08-16T14:00:00.000Z',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
  });
  const later = await buildFixture(db, {
    id: 'EvertonFC_vs_FulhamFC_2025-08-16',
    kickoffAt: '2025-08-16T16:30:00.000Z',
    homeTeam: 'Everton FC',
    awayTeam: 'Fulham FC',
  });
  const evening = await buildFixture(db, {
    id: 'LiverpoolFC_vs_BurnleyFC_2025-08-16',
    kickoffAt: '2025-08-16T19:00:00.000Z',
    homeTeam: 'Liverpool FC',
    awayTeam: 'Burnley FC',
  });
  // Played this morning (12:30 London), past its live window, no result entered yet.
  await buildFixture(db, {
    id: 'AstonVillaFC_vs_NewcastleUnitedFC_2025-08-16',
    kickoffAt: '2025-08-16T11:30:00.000Z',
    homeTeam: 'Aston Villa FC',
    awayTeam: 'Newcastle United FC',
  });
  await buildFixture(db, {
    id: 'LeedsUnitedFC_vs_BrentfordFC_2025-08-23',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    homeTeam: 'Leeds United FC',
    awayTeam: 'Brentford FC',
    gameweek: 2,
  });
  await buildPrediction(db, { userId: player.id, fixtureId: live.id, homeScore: 2, awayScore: 1 });
  await buildPrediction(db, { userId: player.id, fixtureId: later.id, homeScore: 1, awayScore: 1 });
  for (const f of [live, later, evening]) await buildPrediction(db, { userId: admin.id, fixtureId: f.id });
  // A league of the player and 54 rivals who all picked Arsenal 2-0: more than a page of its table.
  const members = [player.id];
  for (let i = 0; i < RIVALS; i++) {
    const rival = await buildUser(db, 'sqlite', { teamName: `Rival ${String(i).padStart(2, '0')}` });
    await buildPrediction(db, { userId: rival.id, fixtureId: live.id, homeScore: 2, awayScore: 0 });
    members.push(rival.id);
  }
  await buildLeague(db, { id: 'big-office', name: 'Big Office', code: 'BGFFCDEH', creatorId: player.id, members });
  playerCookie = await buildSessionCookie(db, 'sqlite', player.id, SECRET);
  adminCookie = await buildSessionCookie(db, 'sqlite', admin.id, SECRET);
  await handle.close();

  smtp = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({
      SCORELINE_NOW: NOW,
      AUTH_SECRET: SECRET,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      SEED_SEASON: 'false',
      ADMIN_EMAILS: 'admin@example.com',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const signedIn = (cookie: string, viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

const card = (page: Page, home: string) => page.getByTestId('match-card').filter({ hasText: home });

test('Live Matches shows the in-play score and provisional points, updating as the admin changes the score', async () => {
  const playerCtx = await signedIn(playerCookie);
  const page = await playerCtx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/matches');
  await page.getByRole('heading', { name: 'Live Matches' }).waitFor();

  // Today's matches in kick-off order (London time), the live one first.
  await card(page, 'Arsenal').waitFor();
  const order = await page
    .getByTestId('match-card')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-fixture-id')));
  expect(order).toEqual([
    'AstonVillaFC_vs_NewcastleUnitedFC_2025-08-16',
    'ArsenalFC_vs_ChelseaFC_2025-08-16',
    'EvertonFC_vs_FulhamFC_2025-08-16',
    'LiverpoolFC_vs_BurnleyFC_2025-08-16',
  ]);
  await expect(card(page, 'Arsenal').getByTestId('match-status').textContent()).resolves.toBe('Live');
  // Live with no score entered yet: said plainly, not a blank score.
  await expect(card(page, 'Arsenal').getByTestId('match-no-score').innerText()).resolves.toBe(
    'Score not known yet · kicked off at 15:00',
  );
  await expect(card(page, 'Arsenal').textContent()).resolves.not.toContain('– –');
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('Points appear once a score is in.');
  // Played this morning without a result: calmly "not in yet", with when it was played.
  await expect(card(page, 'Aston Villa').getByTestId('match-status').textContent()).resolves.toBe('Result not in yet');
  await expect(card(page, 'Aston Villa').getByTestId('match-no-score').innerText()).resolves.toBe(
    'Played Sat 16 Aug at 12:30 · the final result is not in yet',
  );
  for (const [viewport, size] of [
    [PHONE, 'phone'],
    [{ width: 1440, height: 900 }, 'desktop'],
  ] as const) {
    const shotCtx = await signedIn(playerCookie, viewport);
    const shot = await shotCtx.newPage();
    await shot.goto('/matches');
    await card(shot, 'Arsenal').getByTestId('match-no-score').waitFor();
    await shot.screenshot({ path: `${SHOTS}/matchday-no-score-${size}.png`, fullPage: true });
    await shotCtx.close();
  }
  await expect(card(page, 'Everton').getByTestId('match-status').textContent()).resolves.toBe('Upcoming');
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('15:00');
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('Your prediction: 2 - 1');
  await expect(card(page, 'Liverpool').textContent()).resolves.toContain('No prediction yet.');
  // A player has no admin control.
  await expect(page.getByRole('button', { name: 'Update score' }).count()).resolves.toBe(0);

  // The admin enters the in-play score on /matches.
  const adminCtx = await signedIn(adminCookie);
  const admin = await adminCtx.newPage();
  await admin.goto('/matches');
  const form = admin.getByRole('form', { name: 'In-play score for Arsenal v Chelsea' });
  await form.getByLabel('Arsenal', { exact: true }).fill('1');
  await form.getByLabel('Chelsea', { exact: true }).fill('0');
  await form.getByRole('button', { name: 'Update score' }).click();

  // The player's page follows over the event stream, without a reload.
  await card(page, 'Arsenal').getByTestId('match-score').filter({ hasText: '1 - 0' }).waitFor();
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('In play');
  await expect(card(page, 'Arsenal').getByTestId('match-no-score').count()).resolves.toBe(0);
  const provisional = card(page, 'Arsenal').getByTestId('provisional-points');
  await expect(provisional.textContent()).resolves.toBe('Provisional1 point if it ended now');
  await page.screenshot({ path: `${SHOTS}/issue8-matches-desktop.png`, fullPage: true });
  await admin.screenshot({ path: `${SHOTS}/issue8-matches-admin-desktop.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await axeViolations(admin)).toEqual([]);

  await form.getByLabel('Arsenal', { exact: true }).fill('2');
  await form.getByLabel('Chelsea', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Update score' }).click();
  await card(page, 'Arsenal').getByTestId('match-score').filter({ hasText: '2 - 1' }).waitFor();
  await card(page, 'Arsenal')
    .getByTestId('provisional-points')
    .filter({ hasText: '3 points if it ended now' })
    .waitFor();

  // A bad score is refused in the browser with the shared rule's message.
  await form.getByLabel('Arsenal', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Update score' }).click();
  await expect(form.getByRole('alert').textContent()).resolves.toBe('Enter both scores.');

  // Phone layout.
  const phoneCtx = await signedIn(playerCookie, PHONE);
  const phone = await phoneCtx.newPage();
  await phone.goto('/matches');
  await card(phone, 'Arsenal').getByTestId('match-score').filter({ hasText: '2 - 1' }).waitFor();
  await phone.screenshot({ path: `${SHOTS}/issue8-matches-phone.png`, fullPage: true });
  const adminPhoneCtx = await signedIn(adminCookie, PHONE);
  const adminPhone = await adminPhoneCtx.newPage();
  await adminPhone.goto('/matches');
  await adminPhone
    .getByRole('form', { name: 'In-play score for Arsenal v Chelsea' })
    .getByRole('button', { name: 'Update score' })
    .waitFor();
  await adminPhone.screenshot({ path: `${SHOTS}/issue8-matches-admin-phone.png`, fullPage: true });

  // What an admin is typing is kept when another update arrives meanwhile (another admin's, sent
  // here through the API); the card above the form shows the new score.
  await form.getByLabel('Arsenal', { exact: true }).fill('3');
  const other = await adminCtx.request.put(
    `${server.url}/api/admin/live-scores/${encodeURIComponent('ArsenalFC_vs_ChelseaFC_2025-08-16')}`,
    { data: { homeScore: 2, awayScore: 2 } },
  );
  expect(other.status()).toBe(200);
  await card(admin, 'Arsenal').getByTestId('match-score').filter({ hasText: '2 - 2' }).waitFor();
  await expect(form.getByLabel('Arsenal', { exact: true }).inputValue()).resolves.toBe('3');

  expect(errors).toEqual([]);
  await Promise.all([playerCtx.close(), adminCtx.close(), phoneCtx.close(), adminPhoneCtx.close()]);
});

test("the league table's Live switch shows a page of the live table, with the player's own row and the pages to the rest", async () => {
  // Arsenal 2-0 in play: every rival's exact pick makes 3 provisional points, the player's 2-1 makes 1.
  const adminCtx = await signedIn(adminCookie);
  const score = await adminCtx.request.put(
    `${server.url}/api/admin/live-scores/${encodeURIComponent('ArsenalFC_vs_ChelseaFC_2025-08-16')}`,
    { data: { homeScore: 2, awayScore: 0 } },
  );
  expect(score.status()).toBe(200);
  await adminCtx.close();

  for (const [viewport, size] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    const ctx = await signedIn(playerCookie, viewport);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/leaderboard');
    await page.getByRole('button', { name: /^Big Office Creator 55 members/ }).click();
    const live = page.getByRole('button', { name: 'Live', exact: true });
    await live.click();
    // One match in play has a score (others kicked off with it may have none yet: they add nothing).
    await page.getByText(/^Includes provisional points from 1 match in play[.;]/).waitFor();
    const table = page.getByRole('table', { name: /Live league table/ });
    const rows = table.locator('tbody tr:not([aria-hidden])');
    // Page 1: the first 50 rivals level on 3, then the player's own row after the gap.
    await page.getByText('Page 1 of 2').waitFor();
    await expect(rows.count()).resolves.toBe(51);
    // Rank 1 is a trophy (labelled "1"), so the text starts with the name.
    await expect(rows.first().textContent()).resolves.toMatch(/^Rival 00.*\+3\s*3$/);
    await rows.first().getByRole('img', { name: '1' }).waitFor();
    const own = table.locator('tr.bg-brand-50');
    await expect(own.textContent()).resolves.toMatch(/^55\s*Pundits.*\+1\s*1$/);
    await page.screenshot({ path: `${SHOTS}/live-table-page1-${size}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Page 2: the last four rivals and the player, in place.
    await page.getByRole('navigation', { name: 'Table pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(5);
    await expect(rows.first().textContent()).resolves.toMatch(/^Rival 50/);
    await expect(rows.last().textContent()).resolves.toMatch(/^55\s*Pundits/);
    await expect(table.locator('tr[aria-hidden]').count()).resolves.toBe(0);
    // Off and on again starts from the first page.
    await live.click();
    await live.click();
    await page.getByText('Page 1 of 2').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }
});

test('a deadline reminder arrives by SMTP with unsubscribe headers, and its link opens /predictions', async () => {
  const mail = await smtp.waitFor((m) => m.to.includes('player@example.com'), 20_000);
  expect(mail.subject).toBe('Reminder: 1 match to predict before the deadline');
  expect(mail.text).toContain('Liverpool v Burnley');
  expect(mail.text).not.toContain('Arsenal v Chelsea');
  const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/reminders\/unsubscribe\?token=[\w-]+>$/m);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  // The admin predicted everything: no reminder for them.
  expect(smtp.mails.some((m) => m.to.includes('admin@example.com'))).toBe(false);

  const link = /Make your predictions: (\S+)/.exec(mail.text)![1]!;
  expect(link).toBe(`${server.url}/predictions`);
  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: 'Predictions' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/predictions');

  // Settings shows the reminder choice and the calendar link.
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Deadline Reminders' }).waitFor();
  await expect(page.getByLabel('E-mail me deadline reminders').isChecked()).resolves.toBe(true);
  await expect(page.getByLabel('24 hours before').isChecked()).resolves.toBe(true);
  const url = await page.getByLabel('Your calendar link').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
  await page.screenshot({ path: `${SHOTS}/issue8-settings-desktop.png`, fullPage: true });
  expect(
    await axeViolations(page, {
      ...WCAG2_BODY,
      include: ['section[aria-labelledby="reminders-heading"]', 'section[aria-labelledby="calendar-heading"]'],
    }),
  ).toEqual([]);

  // The link asks first (a mail scanner opening it changes nothing); its button unsubscribes without signing in.
  const unsubscribe = /Unsubscribe from reminders: (\S+)/.exec(mail.text)![1]!;
  const visitor = await newContext(browser, server.url);
  const plain = await visitor.newPage();
  await plain.goto(unsubscribe);
  await plain.getByRole('heading', { name: 'Stop deadline reminders?' }).waitFor();
  expect(await axeViolations(plain, WCAG2_BODY)).toEqual([]);
  await page.reload();
  await page.getByLabel('24 hours before').waitFor();
  await expect(page.getByLabel('E-mail me deadline reminders').isChecked()).resolves.toBe(true);
  await plain.getByRole('button', { name: 'Unsubscribe' }).click();
  await plain.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Deadline Reminders' }).waitFor();
  await page.getByLabel('24 hours before').waitFor();
  await expect(page.getByLabel('E-mail me deadline reminders').isChecked()).resolves.toBe(false);

  const phoneCtx = await signedIn(playerCookie, PHONE);
  const phone = await phoneCtx.newPage();
  await phone.goto('/settings');
  await phone.getByLabel('Your calendar link').waitFor();
  await phone.screenshot({ path: `${SHOTS}/issue8-settings-phone.png`, fullPage: true });
  await Promise.all([ctx.close(), visitor.close(), phoneCtx.close()]);
});

test('with nothing on today, /matches says when the next match day is and links to predict', async () => {
  const quiet = await startServer({
    SCORELINE_NOW: '2025-08-19T09:00:00.000Z',
    AUTH_SECRET: SECRET,
    SEED_SEASON: 'false',
  });
  try {
    const handle = openDatabase(quiet.databaseUrl);
    const player = await buildUser(handle.db, 'sqlite', { teamName: 'Quiet' });
    await buildFixture(handle.db, {
      kickoffAt: '2025-08-22T19:00:00.000Z',
      homeTeam: 'AFC Bournemouth',
      awayTeam: 'Wolverhampton Wanderers FC',
      gameweek: 2,
    });
    const cookie = await buildSessionCookie(handle.db, 'sqlite', player.id, SECRET);
    await handle.close();
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const ctx = await signedInContext(browser, quiet.url, cookie, { viewport });
      const page = await ctx.newPage();
      await page.goto('/matches');
      const empty = page.getByTestId('matches-empty');
      await empty.waitFor();
      await expect(empty.textContent()).resolves.toContain('No matches today');
      await expect(empty.textContent()).resolves.toMatch(/The next match day is Friday,? 22 August 2025\./);
      await page.screenshot({ path: `${SHOTS}/issue8-matches-empty-${name}.png`, fullPage: true });
      if (name === 'phone') {
        await empty.getByRole('link', { name: 'Make your predictions' }).click();
        await page.waitForURL('**/predictions');
      }
      await ctx.close();
    }
  } finally {
    await quiet.stop();
  }
});
