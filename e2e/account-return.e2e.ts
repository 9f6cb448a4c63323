import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, watchPageErrors, axeViolations } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';
import { teamNameKey } from '../src/game/team-names.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildUser } from '../src/server/test/factories.js';

/**
 * More account flows in Chromium against the real server and a real SMTP server, on a server of
 * their own (sign-ups and sign-ins are limited per address, and every browser here shares one):
 * coming back to `?next=` after signing up or in, unique team names at sign-up, and signing out
 * everywhere from Settings.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Scoreline <noreply@scoreline.test>' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

/** A verified account written straight into the server's database. */
async function verifiedAccount(email: string, opts: { teamName: string | null }) {
  const handle = openDatabase(server.databaseUrl);
  try {
    await buildUser(handle.db, 'sqlite', {
      email,
      teamName: opts.teamName,
      password: 'side-player-pass',
      pastSeason: false,
    });
    await handle.db
      .updateTable('user')
      .set({ teamNameKey: opts.teamName === null ? null : teamNameKey(opts.teamName) })
      .where('email', '=', email)
      .execute();
  } finally {
    await handle.close();
  }
  return { email, password: 'side-player-pass' };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('coming back to where the player was going (?next=)', () => {
  test('sign-up returns to next once the address is verified; sign-in follows a safe next only', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const email = 'nexter@example.com';
    const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

    await page.goto('/login?next=%2Fsettings');
    // The way to sign up from the sign-in screen keeps next.
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?next=%2Fsettings');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/signup');
    await page.getByLabel('Full Name').fill('Nat Nexter');
    await page.getByLabel('Team Name').fill('Next Stop FC');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('next-stop-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('next-stop-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((u) => u.pathname === '/verify');
    expect(path()).toBe('/verify?next=%2Fsettings');

    const mail = await smtp.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject));
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(mail.text)?.[0];
    expect(new URL(link!).searchParams.get('callbackURL')).toBe('/verified?next=%2Fsettings');
    await page.goto(link!);
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByTestId('settings-email').filter({ hasText: email }).waitFor();

    // Signed out: a next on another site is not followed; one of ours is.
    await ctx.clearCookies();
    // (Other spellings that would leave the site are refused by the same rule: contract/account.test.ts.)
    for (const [next, lands] of [
      ['%2F%2Fevil.example', '/dashboard'],
      ['%2Fsettings', '/settings'],
    ] as const) {
      await page.goto(`/login?next=${next}`);
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('next-stop-pass');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((u) => u.pathname === lands);
      expect(new URL(page.url()).origin).toBe(server.url);
      await ctx.clearCookies();
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('team names are unique', () => {
  test('a name another team has is refused at sign-up, and a free one is offered with one click', async () => {
    await verifiedAccount('talent@example.com', { teamName: 'Taken Talents' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Second Comer');
    await page.getByLabel('Team Name').fill('TAKEN tálents');
    await page.getByLabel('Email Address').fill('second@example.com');
    await page.getByLabel('Password', { exact: true }).fill('second-comer-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('second-comer-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('“TAKEN tálents” is already taken. How about “TAKEN tálents 2”?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use “TAKEN tálents 2”' }).click();
    expect(await page.getByLabel('Team Name').inputValue()).toBe('TAKEN tálents 2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    await ctx.close();
  });
});

describe('sign out everywhere', () => {
  test('ends the sessions of every browser, this one included', async () => {
    const account = await verifiedAccount('everywhere@example.com', { teamName: 'Everywhere FC' });
    const [one, two] = [await newContext(browser, server.url), await newContext(browser, server.url)];
    const [a, b] = [await one.newPage(), await two.newPage()];
    for (const page of [a, b]) {
      await signIn(page, account.email, account.password);
      await page.waitForURL('**/dashboard');
    }
    await a.goto('/settings');
    await a.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const dialog = a.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByText('You will be signed out on every device, including this one').waitFor();
    expect(await axeViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await a.waitForURL('**/login');
    await a.getByText('You are signed out on every device. Your calendar link has a new address.').waitFor();
    await b.goto('/settings');
    await b.getByText('Please log in to access settings').waitFor();
    await one.close();
    await two.close();
  });
});

describe('a team name changed for the player (another team had it first)', () => {
  test('is told once: the prompt says what happened, keeping the new name ends it for good', async () => {
    const account = await verifiedAccount('renamed@example.com', { teamName: 'Big Screen FC 2' });
    const handle = openDatabase(server.databaseUrl);
    try {
      await handle.db
        .updateTable('user')
        .set({ teamNameNotice: 'Big Screen FC' })
        .where('email', '=', account.email)
        .execute();
    } finally {
      await handle.close();
    }
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    await page.waitForURL('**/dashboard');
    const prompt = page.getByRole('dialog', { name: 'Your Team Name Has Changed' });
    await prompt.getByText('another team had “Big Screen FC” first, so yours is now “Big Screen FC 2”').waitFor();
    expect(await prompt.getByLabel('Team Name').inputValue()).toBe('Big Screen FC 2');
    expect(await axeViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Keep “Big Screen FC 2”' }).click();
    await prompt.waitFor({ state: 'hidden' });
    // Told once: after a reload it does not come back.
    await page.reload();
    await page.getByRole('banner').waitFor();
    await expect
      .poll(
        async () =>
          (
            await page.evaluate(
              async () => (await (await fetch('/api/me')).json()) as { user: { teamNameNotice: string | null } },
            )
          ).user.teamNameNotice,
      )
      .toBeNull();
    expect(await page.getByRole('dialog', { name: 'Your Team Name Has Changed' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
