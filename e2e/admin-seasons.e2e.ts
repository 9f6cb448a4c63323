import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  DESKTOP,
  launchBrowser,
  PHONE,
  watchPageErrors,
  signedInContext,
  axeViolations,
  WCAG2_BODY,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { fixtureId } from '../src/game/fixture-id.js';
import { POLL_LEASE } from '../src/server/features/feed/scheduler.js';

/**
 * The admin's seasons screen in Chromium against the real server: create a season from a small
 * file with a club the app does not know (confirming its colours), make it current, give it a
 * feed served by a local HTTP server, sync, and see the run. Dialogs are labelled, keyboard
 * usable, and give focus back.
 */
const AUTH_SECRET = crypto.randomBytes(32).toString('hex');
const SEASON_FILE = `= English Premier League 2026/27

▪ Matchday 1
  Sat Aug 15 2026
    15:00  Arsenal FC              v Scoreline Rovers FC
           Chelsea FC              v Everton FC
▪ Matchday 2
  Sat Dec 5 2026
    15:00  Scoreline Rovers FC     v Chelsea FC
           Everton FC              v Arsenal FC
`;
/** The feed: Matchday 1's results, and one Matchday 2 match moved to Sunday. */
const FEED_FILE = `= English Premier League 2026/27

▪ Matchday 1
  Sat Aug 15 2026
    15:00  Arsenal FC              v Scoreline Rovers FC   3-1
           Chelsea FC              v Everton FC            0-0
▪ Matchday 2
  Sat Dec 5 2026
    15:00  Scoreline Rovers FC     v Chelsea FC
  Sun Dec 6 2026
    16:30  Everton FC              v Arsenal FC
`;

let server: RunningServer;
let browser: Browser;
let feed: http.Server;
let feedUrl: string;
let adminCookie: string;

beforeAll(async () => {
  feed = http.createServer((req, res) => {
    if (req.url !== '/2026-27.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(FEED_FILE);
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/2026-27.txt`;
  [server, browser] = await Promise.all([
    startServer({
      AUTH_SECRET,
      SEED_SEASON: 'false',
      SCORELINE_NOW: '2026-11-23T12:00:00Z',
      FEED_ALLOW_PRIVATE_ADDRESSES: 'true',
      FEED_POLL_MINUTES: '60',
    }),
    launchBrowser(),
  ]);
  const handle = openDatabase(server.databaseUrl);
  try {
    const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', email: 'admin@example.com' });
    adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, AUTH_SECRET);
    // The scheduler's first poll (5 s after start) finds no feed yet and holds the poll for its
    // 60-minute period. Waiting for it means no scheduled run can land between the test's own
    // steps: one that ran just after "Sync now" became the card's "Last feed run" in a CI run.
    const deadline = Date.now() + 30_000;
    while (!(await handle.db.selectFrom('leases').select('holder').where('name', '=', POLL_LEASE).executeTakeFirst())) {
      if (Date.now() > deadline) throw new Error('The feed scheduler never polled.');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => feed?.close(r));
});

const signedIn = (viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, adminCookie, { viewport });

const shots = process.env.E2E_SCREENSHOTS ?? os.tmpdir();
/** The wide desktop the admin screens are checked at. */
const WIDE = { width: 1440, height: 900 };
test('the admin creates a season from a file, makes it current, syncs its feed, sees the run and settles a conflict', async () => {
  const ctx = await signedIn();
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Seasons' }).click();
  await page.getByRole('heading', { name: 'Seasons', level: 1 }).waitFor();
  await page.getByTestId('season-2025-26').waitFor();

  // The dialog opens with focus inside, Escape closes it and focus returns to its button.
  const create = page.getByRole('button', { name: 'Create season from file' });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create a season from a file' });
  await dialog.waitFor();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await create.evaluate((b) => b === document.activeElement)).toBe(true);

  // Upload, check (nothing written), confirm the new club's details, create.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await dialog
    .getByLabel('Season file')
    .setInputFiles({ name: '2026-27.txt', mimeType: 'text/plain', buffer: Buffer.from(SEASON_FILE) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const preview = dialog.getByTestId('season-preview');
  await preview.getByText('English Premier League 2026/27').waitFor();
  await expect(preview.textContent()).resolves.toContain('4 (1 new)');
  const club = dialog.getByRole('group', { name: 'Scoreline Rovers FC' });
  await club.getByLabel('Short name').fill('Rovers');
  await club.getByLabel('Code (three letters)').fill('ROV');
  await club.getByLabel('First colour').fill('#112233');
  await club.getByLabel('Second colour').fill('#ffcc00');
  await club.getByLabel('Badge pattern').selectOption('hoops');
  await expect(dialog.getByLabel('Season id').inputValue()).resolves.toBe('2026-27');
  await expect(dialog.getByLabel('Season name').inputValue()).resolves.toBe('2026/27');
  await page.screenshot({ path: path.join(shots, 'admin-seasons-create-desktop.png') });
  await dialog.getByRole('button', { name: 'Create season' }).click();
  await page.getByText('Season 2026/27 created: 4 fixtures, 0 results, 1 new club.').waitFor();
  const card = page.getByTestId('season-2026-27');
  await card.getByText(/4 fixtures · 0 results/).waitFor();

  // Make it current (a confirmation first).
  await card.getByRole('button', { name: 'Set 2026/27 as the current season' }).click();
  await page
    .getByRole('dialog', { name: 'Set the current season' })
    .getByRole('button', { name: 'Make 2026/27 current' })
    .click();
  await card.getByText('Current (pinned)').waitFor();

  // Its feed: a bad address is refused in the form, a good one saved, then Sync now.
  await card.getByRole('button', { name: 'Results feed' }).click();
  await card.getByText('Read every 60 minutes, and when you press Sync now.', { exact: false }).waitFor();
  const address = card.getByLabel('Results feed address');
  await address.fill('file:///etc/passwd');
  await card.getByRole('button', { name: 'Save address' }).click();
  await card.getByText('Enter a full address that starts with https:// or http://.').waitFor();
  await address.fill(feedUrl);
  await card.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('Feed address saved.').waitFor();
  // The admin already entered Arsenal v Rovers as 2-0; the feed says 3-1: the admin's stays, listed.
  const saved = await page.request.put(
    `/api/admin/results/${fixtureId('Arsenal FC', 'Scoreline Rovers FC', '2026-08-15')}`,
    { data: { homeScore: 2, awayScore: 0 } },
  );
  expect(saved.status()).toBe(200);
  await card.getByRole('button', { name: 'Sync now' }).click();
  const run = card.getByTestId('feed-run').first();
  await run.getByText('Changed', { exact: true }).waitFor();
  await run.getByText('1 moved, 1 result; 1 conflict for the admin.').waitFor();
  await card.getByText(/4 fixtures · 2 results/).waitFor();
  await card.getByText('Last feed run: 1 moved, 1 result; 1 conflict for the admin.').waitFor();
  const conflict = card.getByTestId('feed-conflict');
  await conflict.getByText('the feed says 3-1, the admin entered 2-0.', { exact: false }).waitFor();
  await conflict.getByRole('button', { name: 'Keep the admin’s' }).click();
  await conflict.waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(shots, 'admin-seasons-desktop.png'), fullPage: true });

  // The same screen on a phone.
  const phone = await signedIn(PHONE);
  const small = await phone.newPage();
  await small.goto('/admin/seasons');
  await small.getByTestId('season-2026-27').getByText('Current (pinned)').waitFor();
  await small.getByTestId('season-2026-27').getByRole('button', { name: 'Results feed' }).click();
  await small.getByTestId('feed-run').first().waitFor();
  const overflow = await small.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await small.screenshot({ path: path.join(shots, 'admin-seasons-phone.png'), fullPage: true });
  await phone.close();

  expect(errors).toEqual([]);
  await ctx.close();
});

/**
 * 28 November 2026, 17:10 UK time, on a fresh install (both built-in seasons seeded): Gameweek 12
 * is in play and 2026/27's Gameweeks 3–11 were played without results (the built-in file has
 * Matchdays 1–2's). The admin sees how many, where, and the quickest fixes: the result desk on a
 * gameweek, and openfootball's file suggested as the season's feed. Here that address is a local
 * server (FEED_SUGGESTION_BASE_URL) serving the season's file as openfootball publishes it a few
 * days later: results of Matchdays 3–11. Nothing is read from it before the admin accepts it.
 */
describe('results not in yet (clock: Saturday 28 November 2026, 17:10)', () => {
  const NOW = '2026-11-28T17:10:00.000Z';
  const BASE_PATH = '/openfootball/england/master';
  let off: RunningServer;
  let mirror: http.Server;
  let base = '';
  let cookie = '';
  const requests: string[] = [];

  /** 2026/27 as published with Matchdays 3–11 played: each of those matches 1-1. */
  const laterFile = () => {
    const text = fs.readFileSync(path.resolve('src/server/season-files/fixtures/seasons/2026-27.txt'), 'utf8');
    let round = 0;
    return text
      .split('\n')
      .map((line) => {
        const heading = /Matchday (\d+)/.exec(line);
        if (heading) round = Number(heading[1]);
        return round >= 3 && round <= 11 && /\sv\s/.test(line) && !/\d+-\d+/.test(line)
          ? `${line.trimEnd()}  1-1`
          : line;
      })
      .join('\n');
  };

  beforeAll(async () => {
    const published = laterFile();
    mirror = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url !== `${BASE_PATH}/2026-27/1-premierleague.txt`) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(published);
    });
    await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}${BASE_PATH}`;
    off = await startServer({
      AUTH_SECRET,
      SCORELINE_NOW: NOW,
      FEED_ALLOW_PRIVATE_ADDRESSES: 'true',
      FEED_SUGGESTION_BASE_URL: base,
      ADMIN_EMAILS: 'desk@example.com',
    });
    const handle = openDatabase(off.databaseUrl);
    try {
      const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', email: 'desk@example.com' });
      cookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, AUTH_SECRET);
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await off?.stop();
    await new Promise((r) => mirror?.close(r));
  });

  const adminAt = (viewport: { width: number; height: number }): Promise<BrowserContext> =>
    signedInContext(browser, off.url, cookie, { viewport });

  test('the admin sees 90 results missing in Gameweeks 3–11, fixes one at the desk, and accepts the suggested feed for the rest', async () => {
    const suggested = `${base}/2026-27/1-premierleague.txt`;
    const ctx = await adminAt(WIDE);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);

    // The admin's first screen: how many, where, and the two ways to fix it.
    await page.goto('/admin');
    const notice = page.getByTestId('awaiting-results');
    await notice
      .getByText('90 matches have been played without a final result, in Gameweeks 3–11.', { exact: false })
      .waitFor();
    const gameweeks = notice.getByRole('list', { name: 'Gameweeks of 2026/27 without results' }).getByRole('link');
    await expect(gameweeks.allInnerTexts()).resolves.toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10, 11].map((g) => expect.stringMatching(new RegExp(`^Gameweek ${g}\\s+10 results · `))),
    );
    await expect(notice.getByTestId('suggested-feed').innerText()).resolves.toBe(suggested);
    // The Premier League's 2025/26 has every result: it is not listed (the Champions League's, whose final has none, is, by name).
    await expect(notice.getByTestId('awaiting-2025-26').count()).resolves.toBe(0);
    await notice.getByText('Champions League 2025/26:').waitFor();
    await page.screenshot({ path: path.join(shots, 'admin-awaiting-desktop.png'), fullPage: true });
    expect(await axeViolations(page, { ...WCAG2_BODY, include: ['[data-testid="awaiting-results"]'] })).toEqual([]);
    const phone = await adminAt(PHONE);
    const small = await phone.newPage();
    await small.goto('/admin');
    await small.getByTestId('awaiting-results').getByTestId('suggested-feed').waitFor();
    await expect(
      small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).resolves.toBeLessThanOrEqual(0);
    await small.screenshot({ path: path.join(shots, 'admin-awaiting-phone.png'), fullPage: true });
    expect(await axeViolations(small, { ...WCAG2_BODY, include: ['[data-testid="awaiting-results"]'] })).toEqual([]);
    await phone.close();

    // One gameweek's link opens the result desk on it; one result entered there counts at once.
    await gameweeks.first().click();
    await page.waitForURL(
      (u) =>
        u.pathname === '/admin/results' &&
        u.searchParams.get('gameweek') === '3' &&
        u.searchParams.get('season') === '2026-27',
    );
    await page.getByRole('heading', { name: 'Gameweek 3', exact: true }).waitFor();
    await page.getByLabel('Ipswich Town score').fill('1');
    await page.getByLabel('Liverpool score').fill('1');
    await page.getByRole('button', { name: 'Save result: Ipswich Town v Liverpool' }).click();
    await page
      .getByTestId('awaiting-results')
      .getByText('89 matches have been played without a final result', { exact: false })
      .waitFor();

    // "Edit the address first": the seasons screen opens the season's feed with the suggestion in the field.
    await page.getByTestId('awaiting-results').getByRole('link', { name: 'Edit the address first' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/seasons' && u.searchParams.get('feed') === '2026-27');
    const address = page.getByTestId('season-2026-27').getByLabel('Results feed address');
    await expect.poll(() => address.inputValue()).toBe(suggested);
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByTestId('feed-suggestion').waitFor();
    await page.screenshot({ path: path.join(shots, 'admin-awaiting-feed-panel-desktop.png'), fullPage: true });
    expect(await axeViolations(page, { ...WCAG2_BODY, include: ['[data-testid="feed-panel-2026-27"]'] })).toEqual([]);
    // Nothing has been read from the suggested address so far.
    expect(requests).toEqual([]);

    // Back on the admin's first screen: "Use this feed" saves the address and reads it now.
    await page.goto('/admin');
    await page.getByTestId('awaiting-results').getByRole('button', { name: 'Use this feed' }).click();
    await page.getByText('89 results', { exact: false }).first().waitFor();
    // 2026/27 leaves the to-do; the Champions League's final, still without a result, stays on it.
    await expect.poll(() => page.getByTestId('awaiting-2026-27').count()).toBe(0);
    await page.getByTestId('awaiting-champions-league-2025-26').waitFor();
    expect(requests).toEqual([`${BASE_PATH}/2026-27/1-premierleague.txt`]);
    const handle = openDatabase(off.databaseUrl);
    try {
      const season = await handle.db
        .selectFrom('seasons')
        .select('feedUrl')
        .where('id', '=', '2026-27')
        .executeTakeFirstOrThrow();
      expect(season.feedUrl).toBe(suggested);
      const sources = await handle.db
        .selectFrom('results')
        .innerJoin('fixtures', 'fixtures.id', 'results.fixtureId')
        .select(['results.source', (eb) => eb.fn.countAll<number>().as('n')])
        .where('fixtures.seasonId', '=', '2026-27')
        .where('fixtures.gameweek', '>=', 3)
        .where('fixtures.gameweek', '<=', 11)
        .groupBy('results.source')
        .orderBy('results.source')
        .execute();
      expect(sources.map((r) => [r.source, Number(r.n)])).toEqual([
        ['admin', 1],
        ['feed', 89],
      ]);
    } finally {
      await handle.close();
    }
    await page.screenshot({ path: path.join(shots, 'admin-awaiting-after-feed-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
