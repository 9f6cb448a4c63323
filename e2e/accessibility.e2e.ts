import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  signedInContext,
  axeViolations,
  newContext,
  SERIOUS_WCAG21,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * axe-core on every screen — signed out, as a player and as an admin, at desktop and phone size:
 * no serious or critical violation. Plus the modal contract: focus inside, Escape closes, focus
 * returns to the control that opened it.
 */
const SECRET = crypto.randomBytes(32).toString('hex');

const SIGNED_OUT = ['/', '/login', '/signup', '/reset-password?token=x', '/leaderboard', '/settings', '/no-such-page'];
const PLAYER = [
  '/dashboard',
  '/matches',
  '/predictions',
  '/predictions?gameweek=1',
  '/predictions?gameweek=8',
  '/leaderboard',
  '/leagues',
  '/leagues?join=1',
  '/new-league',
  '/statistics',
  '/contact',
  '/settings',
];
const ADMIN = ['/admin', '/admin/gameweeks', '/admin/messages', '/admin/results', '/predictions'];

let server: RunningServer;
let browser: Browser;
let playerCookie = '';
let adminCookie = '';

beforeAll(async () => {
  // A season in progress: the built-in fixtures with the results of the rounds already played.
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'scoreline-a11y-'));
  const env = { AUTH_SECRET: SECRET, SCORELINE_NOW: '2025-10-20T12:00:00Z' };
  const first = await startServer(env, { dataDir: dir });
  await first.stop('SIGTERM', { keepData: true });
  const handle = openDatabase(path.join(dir, 'scoreline.db'));
  await migrateToLatest(handle);
  const player = await buildUser(handle.db, 'sqlite', { teamName: 'Access FC' });
  const admin = await buildUser(handle.db, 'sqlite', { role: 'admin' });
  playerCookie = await buildSessionCookie(handle.db, 'sqlite', player.id, SECRET);
  adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, SECRET);
  await handle.close();
  [server, browser] = await Promise.all([startServer(env, { dataDir: dir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** API requests each page has asked for and not yet had answered (the endless event stream aside). */
const pending = new WeakMap<Page, number>();
function trackRequests(page: Page): Page {
  pending.set(page, 0);
  const isData = (req: Request) =>
    req.url().startsWith(server.url + '/api/') && !req.url().startsWith(server.url + '/api/events');
  const answered = (req: Request) => {
    if (isData(req)) pending.set(page, (pending.get(page) ?? 0) - 1);
  };
  page.on('request', (req) => {
    if (isData(req)) pending.set(page, (pending.get(page) ?? 0) + 1);
  });
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return page;
}

async function pageFor(viewport: typeof DESKTOP, cookie: string): Promise<Page> {
  const context = cookie
    ? await signedInContext(browser, server.url, cookie, { viewport })
    : await newContext(browser, server.url, viewport);
  return trackRequests(await context.newPage());
}

async function audit(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await page.waitForSelector('main, [role="main"], h1', { timeout: 15_000 });
  // Let data-driven panels settle (the event stream keeps the network busy, so no networkidle).
  await page
    .waitForFunction(() => !/Loading|Verifying/.test(document.body.innerText), undefined, { timeout: 15_000 })
    .catch(() => {});
  // Every answer in, then drawn: no request open, two frames, and no finite animation running.
  await expect.poll(() => pending.get(page), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  const violations = await axeViolations(page, SERIOUS_WCAG21);
  return violations.map((v) => `${route}: ${v}`);
}

describe('accessibility', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signed-out screens have no serious or critical axe violations (${size})`, async () => {
      const page = await pageFor(viewport, '');
      const found: string[] = [];
      for (const route of SIGNED_OUT) found.push(...(await audit(page, route)));
      await page.context().close();
      expect(found).toEqual([]);
    });
    it(`player screens have no serious or critical axe violations (${size})`, async () => {
      const page = await pageFor(viewport, playerCookie);
      const found: string[] = [];
      for (const route of PLAYER) found.push(...(await audit(page, route)));
      await page.context().close();
      expect(found).toEqual([]);
    });
    it(`admin screens have no serious or critical axe violations (${size})`, async () => {
      const page = await pageFor(viewport, adminCookie);
      const found: string[] = [];
      for (const route of ADMIN) found.push(...(await audit(page, route)));
      await page.context().close();
      expect(found).toEqual([]);
    });
  }

  it('a modal keeps focus inside, closes on Escape and returns focus to its opener', async () => {
    const page = await pageFor(DESKTOP, playerCookie);
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: 'Logout' });
    await opener.focus();
    await opener.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(false);
    const focusedName = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focusedName).toBe('Logout');
    await page.context().close();
  });
});
