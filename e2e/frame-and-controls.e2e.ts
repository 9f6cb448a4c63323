import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors, signedInContext, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

/**
 * The frame of every screen and the state of a few controls, from the keyboard: a skip link first
 * in the tab order of every layout (landing, account screens, player and admin screens, not found)
 * that takes focus to the main content; the league table's Live toggle says whether it is on;
 * Admin Fixtures keeps its bulk delete last and apart from the everyday actions.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-23T10:00:00.000Z';
const POLL = { timeout: 10_000 };
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function contextFor(
  viewport: { width: number; height: number },
  role?: 'player' | 'admin',
): Promise<BrowserContext> {
  if (!role) return newContext(browser, server.url, viewport);
  const user = await buildUser(handle.db, 'sqlite', role === 'admin' ? { role: 'admin' } : {});
  const cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
  return signedInContext(browser, server.url, cookie, { viewport });
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const main = document.querySelector('main');
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id,
      text: el?.textContent?.trim(),
      inMain: Boolean(main && el && main !== el && main.contains(el)),
    };
  });

describe('a skip link on every layout', () => {
  for (const [size, viewport] of SIZES) {
    test(`first in the tab order, shown when focused, and it moves focus to the main content (${size})`, async () => {
      const screens: Array<[string, 'player' | 'admin' | undefined, RegExp]> = [
        ['/', undefined, /Predict every score/],
        ['/login', undefined, /Welcome back|Log in/],
        ['/signup', undefined, /Create|Sign up/],
        ['/no-such-page', undefined, /Page not found/],
        ['/dashboard', 'player', /Dashboard|Welcome/],
        ['/predictions', 'player', /Predictions/],
        ['/admin', 'admin', /Fixture Management/],
      ];
      for (const [route, role, heading] of screens) {
        const ctx = await contextFor(viewport, role);
        const page = await ctx.newPage();
        const errors = watchPageErrors(page);
        await page.goto(route);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        const skip = page.getByRole('link', { name: 'Skip to main content' });
        // Out of sight until it has focus.
        const hidden = await skip.boundingBox();
        expect(hidden!.y + hidden!.height, route).toBeLessThanOrEqual(0);

        await page.keyboard.press('Tab');
        expect(await focused(page), route).toMatchObject({ tag: 'a', text: 'Skip to main content' });
        await expect.poll(async () => (await skip.boundingBox())!.y, POLL).toBeGreaterThanOrEqual(0);
        const shown = await skip.boundingBox();
        expect(shown!.y + shown!.height, route).toBeLessThanOrEqual(viewport.height);

        await page.keyboard.press('Enter');
        await expect.poll(async () => (await focused(page)).id, POLL).toBe('main-content');
        expect(await focused(page)).toMatchObject({ tag: 'main' });
        // The next Tab lands inside the content, past the header and the navigation.
        await page.keyboard.press('Tab');
        expect((await focused(page)).inMain, route).toBe(true);
        expect(errors, route).toEqual([]);
        await ctx.close();
      }
    });
  }
});

test("the league table's Live toggle says whether it is on (aria-pressed)", async () => {
  const ctx = await contextFor(SIZES[0][1], 'player');
  const page = await ctx.newPage();
  await page.goto('/leaderboard');
  await page.locator('h1').first().waitFor();
  const created = await page.evaluate(async () => {
    const res = await fetch('/api/leagues', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Toggle Testers' }),
    });
    return res.status;
  });
  expect(created).toBeLessThan(300);
  await page.reload();
  const live = page.getByRole('button', { name: 'Live', exact: true });
  await live.waitFor();
  await expect(live.getAttribute('aria-pressed')).resolves.toBe('false');
  await live.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => live.getAttribute('aria-pressed'), POLL).toBe('true');
  await page.keyboard.press('Space');
  await expect.poll(() => live.getAttribute('aria-pressed'), POLL).toBe('false');
  await ctx.close();
});

test('Admin Fixtures: the bulk delete is not in the toolbar but last on the page, after every fixture', async () => {
  const ctx = await contextFor(SIZES[0][1], 'admin');
  const page = await ctx.newPage();
  await page.goto('/admin');
  await page.getByText(/^Showing [1-9]\d* of \d+ fixtures$/).waitFor();
  const toolbar = page.getByRole('region', { name: 'Fixture actions' });
  await toolbar.getByRole('button', { name: 'Add Single Fixture' }).waitFor();
  await expect(toolbar.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
  const bulk = page.getByRole('button', { name: /^Delete Gameweek \d+$/ });
  await expect(bulk.isEnabled()).resolves.toBe(true);
  // In its own section, after the list: the last control of the screen's content.
  await page
    .getByRole('region', { name: 'Delete fixtures' })
    .getByRole('button', { name: /^Delete Gameweek \d+$/ })
    .waitFor();
  const lastControl = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const controls = [
      ...main.querySelectorAll<HTMLElement>('button, a[href], select, input, [tabindex]:not([tabindex="-1"])'),
    ].filter((el) => el.offsetParent !== null && !el.closest('dialog'));
    return controls.at(-1)?.textContent?.trim();
  });
  expect(lastControl).toMatch(/^Delete Gameweek \d+$/);
  await ctx.close();
});
