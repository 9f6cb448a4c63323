import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  PHONE,
  launchBrowser,
  newContext,
  watchPageErrors,
  signedInContext,
  axeViolations,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../src/server/test/factories.js';
import { buildPrediction, buildResult } from '../src/server/test/factories-game.js';
import { ACCOUNT_DELETED_NOTICE, accountExportDto, DELETE_WRONG_PASSWORD } from '../src/contract/account-data.js';

/**
 * A player's own data in Chromium against the real server and its built-in 2025/26 season, with
 * the clock on Saturday 20 September 2025: they download it, then delete their account from
 * Settings while another member watches their league's table. Nothing says "Upgrade Now".
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2025-09-20T12:00:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const WIDE = { width: 1440, height: 900 };

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let leaver: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const { db } = handle;
  leaver = await buildUser(db, 'sqlite', { teamName: 'Leaving FC', email: 'leaver@example.com' });
  bob = await buildUser(db, 'sqlite', { teamName: 'Bob Rovers' });
  carol = await buildUser(db, 'sqlite', { teamName: 'Carol City' });
  const played = await db
    .selectFrom('fixtures')
    .select('id')
    .where('seasonId', '=', '2025-26')
    .where('kickoffAt', '<', '2025-09-01T00:00:00.000Z')
    .orderBy('kickoffAt')
    .orderBy('id')
    .limit(3)
    .execute();
  expect(played).toHaveLength(3);
  // Bob calls all three exactly (9), the leaver two (6), Carol one result (1).
  for (const [i, f] of played.entries()) {
    await buildPrediction(db, {
      userId: bob.id,
      fixtureId: f.id,
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2025-08-10T10:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: leaver.id,
      fixtureId: f.id,
      homeScore: i < 2 ? 2 : 0,
      awayScore: i < 2 ? 1 : 3,
      predictedAt: '2025-08-10T10:00:00.000Z',
    });
    await buildPrediction(db, {
      userId: carol.id,
      fixtureId: f.id,
      homeScore: i === 0 ? 3 : 0,
      awayScore: i === 0 ? 0 : 2,
      predictedAt: '2025-08-10T10:00:00.000Z',
    });
    await buildResult(db, { fixtureId: f.id, homeScore: 2, awayScore: 1, updatedAt: '2025-08-31T18:00:00.000Z' });
  }
  const created = '2025-08-01T00:00:00.000Z';
  await db
    .insertInto('leagues')
    .values([
      {
        id: 'lg-office',
        name: 'Office League',
        code: 'QWERTYUP',
        description: null,
        competition: 'premier-league',
        privacy: 'private',
        creatorId: leaver.id,
        createdAt: created,
      },
      {
        id: 'lg-solo',
        name: 'Just Me',
        code: 'ASDFGHJK',
        description: null,
        competition: 'premier-league',
        privacy: 'private',
        creatorId: leaver.id,
        createdAt: created,
      },
    ])
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: 'lg-office', userId: leaver.id, joinedAt: '2025-08-01T10:00:00.000Z' },
      { leagueId: 'lg-office', userId: bob.id, joinedAt: '2025-08-02T10:00:00.000Z' },
      { leagueId: 'lg-office', userId: carol.id, joinedAt: '2025-08-03T10:00:00.000Z' },
      { leagueId: 'lg-solo', userId: leaver.id, joinedAt: '2025-08-01T10:00:00.000Z' },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(user: BuiltUser, viewport = WIDE): Promise<BrowserContext> {
  const cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
  return signedInContext(browser, server.url, cookie, { viewport });
}

async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const pointsOf = async (page: Page, name: string) => (await row(page, name).locator('td').nth(3).textContent())?.trim();

test('no Upgrade Now anywhere: not on the landing page, in the sidebar or in Settings', async () => {
  for (const viewport of [PHONE, WIDE]) {
    const ctx = await signedIn(carol, viewport);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'See how it works' }).waitFor();
    await expect(page.getByText('Upgrade Now').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/account-landing-${viewport.width}.png`, fullPage: true });
    await page.goto('/dashboard');
    if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Settings' }).first().waitFor();
    await expect(page.getByText('Upgrade Now').count()).resolves.toBe(0);
    await expect(page.getByText('Pro Features').count()).resolves.toBe(0);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Your Data' }).waitFor();
    await expect(page.getByText('Upgrade Now').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: `${SHOTS}/account-settings-${viewport.width}.png`, fullPage: true });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-contact-${viewport.width}.png`, fullPage: true });
    await ctx.close();
  }
});

test('a player downloads their data, deletes their account, and another member sees them gone with points unchanged', async () => {
  // Bob watches the league table on his phone.
  const bobCtx = await signedIn(bob, PHONE);
  const b = await bobCtx.newPage();
  const bobErrors = watchPageErrors(b);
  await b.goto('/leaderboard');
  await b.getByRole('heading', { name: 'Office League', level: 2 }).waitFor();
  await row(b, 'Leaving FC').waitFor();
  const bobPoints = await pointsOf(b, 'Bob Rovers');
  const carolPoints = await pointsOf(b, 'Carol City');
  expect([bobPoints, await pointsOf(b, 'Leaving FC'), carolPoints]).toEqual(['9', '6', '1']);

  // The leaver signs in through the form (so the old password can be tried afterwards).
  const ctx = await newContext(browser, server.url, WIDE);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await signInThroughUi(page, leaver.email, DEFAULT_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/settings');

  // Download my data: a JSON file of their own data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('scoreline-my-data-2025-09-20.json');
  const file = await download.path();
  const data = accountExportDto.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  expect(data.account).toMatchObject({ email: 'leaver@example.com', teamName: 'Leaving FC' });
  expect(data.predictions.filter((p) => p.season === '2025-26').map((p) => p.points)).toEqual([3, 3, 0]);
  expect(data.leagues.map((l) => [l.name, l.role])).toEqual([
    ['Office League', 'creator'],
    ['Just Me', 'creator'],
  ]);
  expect(JSON.stringify(data)).not.toContain(bob.email);
  await page.getByText('Your data is downloading as scoreline-my-data-2025-09-20.json.').waitFor();

  // The dialog says what happens to each league, and the password box has the focus.
  await page.getByRole('button', { name: 'Delete my account...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByText('passes to Bob Rovers, its longest-standing member').waitFor();
  await dialog.getByText('will be deleted: nobody else is in it.').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'delete-password');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/account-delete-dialog-1440.png` });

  // A wrong password, typed and sent with Enter: refused, and the account stays.
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await dialog.getByText(DELETE_WRONG_PASSWORD).waitFor();
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('delete-password');
  await expect(row(b, 'Leaving FC').count()).resolves.toBe(1);

  // The right one: signed out, on the landing page, told what happened.
  await dialog.getByLabel('Your password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(ACCOUNT_DELETED_NOTICE).waitFor();
  await page.getByRole('link', { name: 'Login' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/account-deleted-landing-1440.png` });

  // Bob's table drops the player by itself; his and Carol's points are unchanged.
  await row(b, 'Leaving FC').waitFor({ state: 'detached' });
  await expect(pointsOf(b, 'Bob Rovers')).resolves.toBe(bobPoints);
  await expect(pointsOf(b, 'Carol City')).resolves.toBe(carolPoints);
  await b.reload();
  await row(b, 'Bob Rovers').waitFor();
  await expect(row(b, 'Leaving FC').count()).resolves.toBe(0);
  await b.screenshot({ path: `${SHOTS}/account-table-after-390.png`, fullPage: true });

  // The old credentials open nothing.
  await signInThroughUi(page, leaver.email, DEFAULT_PASSWORD);
  await page.getByText('Invalid email or password').waitFor();
  expect(errors).toEqual([]);
  expect(bobErrors).toEqual([]);
  await ctx.close();
  await bobCtx.close();
});
