import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the app is served', async () => {
  const ctx = await newContext(browser, server.url);
  const page = await ctx.newPage();
  await page.goto('/');
  await expect(page.title()).resolves.toContain('Scoreline');
  await page.screenshot({ path: '/tmp/landing.png' });
});
