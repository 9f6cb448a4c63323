import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, PHONE, watchPageErrors } from './support/browser.js';
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
    startServer({ AUTH_SECRET, SEED_SEASON: 'false', SCORELINE_NOW: '2026-11-23T12:00:00Z', FEED_ALLOW_PRIVATE_ADDRESSES: 'true', FEED_POLL_MINUTES: '60' }),
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

async function signedIn(viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await newContext(browser, server.url, viewport);
  const [name, value] = adminCookie.split('=') as [string, string];
  await ctx.addCookies([{ name, value, url: server.url }]);
  return ctx;
}

const shots = process.env.E2E_SCREENSHOTS ?? os.tmpdir();

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
  await dialog.getByLabel('Season file').setInputFiles({ name: '2026-27.txt', mimeType: 'text/plain', buffer: Buffer.from(SEASON_FILE) });
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
  await page.getByRole('dialog', { name: 'Set the current season' }).getByRole('button', { name: 'Make 2026/27 current' }).click();
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
  const saved = await page.request.put(`/api/admin/results/${fixtureId('Arsenal FC', 'Scoreline Rovers FC', '2026-08-15')}`, { data: { homeScore: 2, awayScore: 0 } });
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
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await small.screenshot({ path: path.join(shots, 'admin-seasons-phone.png'), fullPage: true });
  await phone.close();

  expect(errors).toEqual([]);
  await ctx.close();
});
