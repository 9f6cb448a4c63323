import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE, watchPageErrors, axeViolations } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';

/**
 * An address belongs to whoever proves it (decision 0049), walked in Chromium against the real
 * server with a real SMTP server: a stranger registers the admin's address first, with a password
 * and team name of their own; the owner receives the genuine mail, opens it in their own browser,
 * and ends with an account only they can use. And "this wasn't me" deletes a registration.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Scoreline <noreply@scoreline.test>',
      ADMIN_EMAILS: 'boss@example.com',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function signUp(page: Page, fields: { email: string; teamName: string; password: string }) {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Team Name').fill(fields.teamName);
  await page.getByLabel('Email Address').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(fields.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/verify');
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const me = (page: Page) => page.evaluate(async () => (await fetch('/api/me')).status);

describe('the admin’s address registered first by a stranger', () => {
  test('the owner who opens the genuine mail ends with an account only they can use', async () => {
    const strangerCtx = await newContext(browser, server.url);
    const stranger = await strangerCtx.newPage();
    await signUp(stranger, { email: 'boss@example.com', teamName: 'Trojan Horse', password: 'stranger-password' });
    // The stranger holds no session while the address waits.
    expect(await me(stranger)).toBe(401);
    await signIn(stranger, 'boss@example.com', 'stranger-password');
    await stranger.getByText('Please confirm your e-mail address first').waitFor();
    expect(await me(stranger)).toBe(401);

    // The owner, on a phone, opens the genuine mail: it says when and from what it was asked for.
    const mail = await smtp.waitFor((m) => m.to.includes('boss@example.com') && /verify/i.test(m.subject));
    expect(mail.text).toMatch(
      /Someone asked to create a Scoreline account with this e-mail address on \w+day \d+ \w+ \d{4} at \d\d:\d\d UTC, from Chrome on Linux\./,
    );
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(mail.text)![0];
    const ownerCtx = await newContext(browser, server.url, PHONE);
    const owner = await ownerCtx.newPage();
    const errors = watchPageErrors(owner);
    await owner.goto(link);
    await owner.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    // The click alone verified nothing and signed nobody in; the token never reached the address bar's query.
    expect(new URL(owner.url()).search).toBe('');
    expect(await me(owner)).toBe(401);
    await owner.getByText('boss@example.com').waitFor();
    // The stranger's team name is there to be seen and changed.
    const teamName = owner.getByLabel('Team Name');
    await expect.poll(() => teamName.inputValue()).toBe('Trojan Horse');
    expect(await axeViolations(owner)).toEqual([]);

    await owner.getByRole('button', { name: 'Confirm and Sign In' }).click();
    await owner.getByText('Password is required').waitFor();
    await teamName.fill('The Real Boss');
    await owner.getByLabel('Password', { exact: true }).fill('owners-own-password');
    await owner.getByLabel('Confirm Password', { exact: true }).fill('owners-own-password');
    await owner.getByRole('button', { name: 'Confirm and Sign In' }).click();
    await owner.waitForURL('**/dashboard');
    const who = await owner.evaluate(
      async () =>
        (await (await fetch('/api/me')).json()) as { user: { role: string; teamName: string; emailVerified: boolean } },
    );
    expect(who.user).toMatchObject({ role: 'admin', teamName: 'The Real Boss', emailVerified: true });

    // The stranger: still no session, and their password no longer opens anything.
    await stranger.goto('/dashboard');
    await stranger.waitForURL('**/login?next=%2Fdashboard');
    await signIn(stranger, 'boss@example.com', 'stranger-password');
    await stranger.getByText('Invalid email or password').waitFor();
    expect(await me(stranger)).toBe(401);
    // The genuine link, replayed in the stranger's browser, signs nobody in either.
    await stranger.goto(link);
    await stranger.waitForURL('**/verified');
    expect(await me(stranger)).toBe(401);

    // The owner signs in with their own password on another browser.
    const laterCtx = await newContext(browser, server.url);
    const later = await laterCtx.newPage();
    await signIn(later, 'boss@example.com', 'owners-own-password');
    await later.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await Promise.all([strangerCtx.close(), ownerCtx.close(), laterCtx.close()]);
  });

  test('“This wasn’t me” deletes the registration, after a click', async () => {
    const strangerCtx = await newContext(browser, server.url);
    const stranger = await strangerCtx.newPage();
    await signUp(stranger, { email: 'victim@example.com', teamName: 'Borrowed Name', password: 'stranger-password' });
    const mail = await smtp.waitFor((m) => m.to.includes('victim@example.com') && /verify/i.test(m.subject));
    const notMe = /This wasn't me: (\S+)/.exec(mail.text)![1]!;

    const ownerCtx = await newContext(browser, server.url);
    const owner = await ownerCtx.newPage();
    await owner.goto(notMe);
    await owner.getByRole('heading', { name: 'Not you?' }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await owner.getByRole('button', { name: 'Delete the Registration' }).click();
    await owner.getByText('Done: the registration is deleted.').waitFor();

    // The registration is gone: its password opens nothing, and the name is free again.
    await signIn(stranger, 'victim@example.com', 'stranger-password');
    await stranger.getByText('Invalid email or password').waitFor();
    await signUp(owner, { email: 'victim@example.com', teamName: 'Borrowed Name', password: 'owners-own-password' });
    await Promise.all([strangerCtx.close(), ownerCtx.close()]);
  });
});
