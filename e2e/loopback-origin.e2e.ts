import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, watchPageErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 11, "also seen by a new user": `npm start` says http://localhost:3000, but opening
 * http://127.0.0.1:3000 must work too in development (both loopback names are our origins).
 * Its own server: sign-ups are limited per address, and the account tests use that quota.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('opened at 127.0.0.1 instead of localhost', () => {
  test('sign-up works through the UI', async () => {
    const loopback = server.url.replace('localhost', '127.0.0.1');
    const ctx = await newContext(browser, loopback);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Loop Back');
    await page.getByLabel('Team Name').fill('Loopers');
    await page.getByLabel('Email Address').fill('loop@example.com');
    await page.getByLabel('Password', { exact: true }).fill('loop-back-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('loop-back-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
