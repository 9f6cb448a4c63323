import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, watchPageErrors } from './support/browser.js';
import { outboxLink, outboxMails, startServer, type RunningServer } from './support/server.js';

/**
 * Without SMTP_URL mail goes to the development outbox, which holds verification and reset
 * links. It opens only with the link the server prints in its log at start-up (a plain TCP
 * forwarder would otherwise hand it to anyone); the link leaves a cookie for /dev, so the page
 * can be reloaded. Its own server: sign-ups are limited per address.
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

describe('the development outbox', () => {
  test('a new player’s verification mail is read through the link in the server log, and only through it', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Out Box');
    await page.getByLabel('Team Name').fill('Outboxers');
    await page.getByLabel('Email Address').fill('outbox@example.com');
    await page.getByLabel('Password', { exact: true }).fill('out-box-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('out-box-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    await expect.poll(async () => (await outboxMails(server)).some((m) => m.to === 'outbox@example.com')).toBe(true);

    // Without the link: refused, and no mail shown.
    const refused = await page.goto('/dev/mail');
    expect(refused?.status()).toBe(403);
    await expect.poll(() => page.textContent('body')).toMatch(/link printed in the server log/);
    expect(await page.textContent('body')).not.toContain('outbox@example.com');

    // The link opens it, and leaves the key out of the address.
    await page.goto(outboxLink(server));
    expect(new URL(page.url()).pathname).toBe('/dev/mail');
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('heading', { name: 'Development outbox' }).isVisible()).toBe(true);
    expect(await page.textContent('body')).toContain('To outbox@example.com');
    await page.reload();
    expect(await page.textContent('body')).toContain('To outbox@example.com');
    expect(errors).toEqual([]);

    // Another browser without the link is refused.
    const other = await newContext(browser, server.url);
    const stranger = await other.newPage();
    expect((await stranger.goto('/dev/mail'))?.status()).toBe(403);
    await other.close();
    await ctx.close();
  });
});
