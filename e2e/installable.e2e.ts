import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE, signedInContext, watchPageErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { API_CACHE } from '../src/web/pwa/cache-rules.js';
import { OFFLINE_TEXT, UPDATE_READY_TEXT } from '../src/web/pwa/texts.js';

/**
 * The installable app on a phone-sized Chromium against the built web app (decision 0110): the
 * manifest and its icons, Chrome's own installability check (the one behind its install prompt
 * and Lighthouse's former installable audit), the service worker taking the page, the last board
 * shown offline, read-only (a save refused offline is unit-tested in src/web/pwa/offline-api.test.ts),
 * and a new build announced and taken on Reload. The clock is five days before the first kick-off of a gameweek, so its matches
 * are open.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-23T10:00:00.000Z';
const PHONE_OPTIONS = { viewport: PHONE, isMobile: true, hasTouch: true };

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let players = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function phone(): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const user = await buildUser(handle.db, 'sqlite', { teamName: `Pocket ${++players}` });
  const cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
  const ctx = await signedInContext(browser, server.url, cookie, PHONE_OPTIONS);
  const page = await ctx.newPage();
  return { ctx, page, errors: watchPageErrors(page) };
}

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The API paths the service worker has kept, query included. */
async function kept(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => {
      const u = new URL(r.url);
      return u.pathname + u.search;
    });
  }, API_CACHE);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

describe('the installable app', () => {
  test('the manifest has what installing needs, its icons are real PNGs of the sizes it says, and the worker is always revalidated', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      short_name: 'Scoreline',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#14532d',
      background_color: '#f8fafc',
    });
    expect(manifest.name).toMatch(/^Scoreline/);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const got = await fetch(new URL(icon.src, server.url));
      expect(got.status, icon.src).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await got.arrayBuffer())).join('x')).toBe(icon.sizes);
    }

    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${server.url}/dashboard`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const html = await page.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });

  test('Chrome finds the app installable, and offline it shows the last board, read-only, saying so', async () => {
    const { ctx, page, errors } = await phone();
    await page.goto('/dashboard');
    await controlled(page);
    const cdp = await ctx.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A Playwright context is an off-the-record profile, where Chrome never offers to install
    // anything: that is the one error allowed. A missing icon, start URL, display mode or worker
    // would each be listed here.
    expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    await page.goto('/predictions');
    const boxes = page.getByRole('textbox', { name: / goals$/ });
    await boxes.first().waitFor();
    const match = () => page.getByTestId('quick-entry').first().getAttribute('aria-label');
    const shown = await match();
    expect(shown).toMatch(/^Your prediction: .+ v .+$/);
    await expect.poll(async () => (await kept(page)).some((p) => p.startsWith('/api/predictions/board'))).toBe(true);
    // Online, nothing says offline and the board takes picks.
    expect(await page.getByText(OFFLINE_TEXT).count()).toBe(0);
    await expect(boxes.first().isEnabled()).resolves.toBe(true);

    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: OFFLINE_TEXT }).waitFor();
    await expect(match()).resolves.toBe(shown);
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const box of await boxes.all()) await expect(box.isDisabled()).resolves.toBe(true);

    // Back online, the board takes picks again.
    await ctx.setOffline(false);
    await page.reload();
    await boxes.first().waitFor();
    await expect.poll(() => page.getByText(OFFLINE_TEXT).count()).toBe(0);
    await expect.poll(() => boxes.first().isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('signing out drops every kept answer', async () => {
    const { ctx, page } = await phone();
    await page.goto('/predictions');
    await controlled(page);
    await page.reload();
    await page
      .getByRole('textbox', { name: / goals$/ })
      .first()
      .waitFor();
    await expect.poll(async () => (await kept(page)).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => kept(page)).toEqual([]);
    // Offline, the next person finds no board to read.
    await ctx.setOffline(true);
    await page.goto('/predictions');
    await expect(page.getByRole('textbox', { name: / goals$/ }).count()).resolves.toBe(0);
    await ctx.close();
  });

  test('a new build is announced, and Reload brings it in', async () => {
    const { ctx, page } = await phone();
    await page.goto('/dashboard');
    await controlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // The same server, same data, serving a build whose worker differs (as any new build's does).
    const next = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-next-web-'));
    fs.cpSync(process.env.E2E_WEB_DIR ?? 'dist/web', next, { recursive: true });
    fs.rmSync(path.join(next, 'sw.js.br'), { force: true });
    fs.rmSync(path.join(next, 'sw.js.gz'), { force: true });
    fs.appendFileSync(path.join(next, 'sw.js'), '\n// next build\n');
    const port = Number(new URL(server.url).port);
    await server.stop('SIGTERM', { keepData: true });
    server = await startServer(
      { SCORELINE_NOW: NOW, AUTH_SECRET: SECRET, SCORELINE_WEB_DIR: next },
      { dataDir: server.dataDir, port },
    );
    try {
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
        return navigator.serviceWorker.getRegistration().then((r) => r?.update());
      });
      await page.getByText(UPDATE_READY_TEXT).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await controlled(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
      // The new worker is the one in charge, and nothing is waiting any more.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBe(
        null,
      );
      expect(await page.getByText(UPDATE_READY_TEXT).count()).toBe(0);
    } finally {
      await ctx.close();
      fs.rmSync(next, { recursive: true, force: true });
    }
  });
});
