import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE, watchPageErrors, axeViolations } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';
import { teamNameKey } from '../src/game/team-names.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildUser } from '../src/server/test/factories.js';

/**
 * The account flows in headless Chromium against the real server, a fresh SQLite database and a
 * real SMTP server started here: every e-mail travels over SMTP and its link is followed.
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

/**
 * A verified account written straight into the server's database (for the shorter flows; the
 * journey above signs up through the screens). Sign-ups are limited per address, and every
 * browser here shares one.
 */
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

describe('landing page', () => {
  test('header, hero, features, no invented figures or dead buttons, and the green notice from navigation state', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const figures = page.waitForResponse((r) => r.url().endsWith('/api/public-figures'));
    await page.goto('/');
    await expect(page.title()).resolves.toContain('Scoreline');
    for (const text of ['Live Leaderboards', 'Real-time Updates', 'Community', 'Fair Scoring', 'Free to play']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    // A game with a handful of players shows no figures; nothing the game did not count, no paid plan.
    await page.getByRole('link', { name: 'Start Predicting Now' }).waitFor();
    expect((await (await figures).json()).figures).toBeNull();
    for (const invented of [
      '10K+',
      '50K+',
      '99.9%',
      'Uptime',
      'Active Predictors',
      'Pro Features',
      'Upgrade Now',
      'Watch Demo',
    ]) {
      await expect(page.getByText(invented).count()).resolves.toBe(0);
    }
    expect(await page.getByTestId('landing-figures').count()).toBe(0);
    // A visitor's side navigation has no member items (no dead Dashboard): only links, which lead on.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const member of ['Dashboard', 'Leagues', 'Statistics', 'Settings'])
      await expect(nav.getByText(member, { exact: true }).count()).resolves.toBe(0);
    expect(await nav.getByRole('link', { name: 'Live Matches' }).getAttribute('href')).toBe('/matches');
    expect(await nav.getByRole('link', { name: 'Predictions' }).getAttribute('href')).toBe('/predictions');

    // "See how it works" does what it says: it takes the visitor (and the focus) to the section.
    await page.getByRole('link', { name: 'See how it works' }).click();
    await page.waitForFunction(() => {
      const r = document.getElementById('features')!.getBoundingClientRect();
      return r.top < window.innerHeight / 2 && document.activeElement?.id === 'features';
    });

    await page.evaluate(() =>
      window.history.replaceState({ usr: { message: 'A notice for you' }, key: 'k', idx: 0 }, '', '/'),
    );
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'A notice for you' }).waitFor();

    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/signup');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('the visitor screens pass axe (WCAG 2 A/AA) on a phone and on a desktop, errors shown', async () => {
    for (const viewport of [PHONE, undefined]) {
      const ctx = await newContext(browser, server.url, viewport);
      const page = await ctx.newPage();
      await page.goto('/');
      await page.getByRole('link', { name: 'Start Predicting Now' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Name is required', { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByText('Please enter your email to reset your password').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/reset-password?token=x');
      await page.getByRole('button', { name: 'Set New Password' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await ctx.close();
    }
  });

  test('visitors: /verify sends to /signup, Settings asks to log in, Login shows the sign-up success banner', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto('/verify');
    await page.waitForURL('**/signup');
    await page.goto('/settings');
    await page.getByText('Please log in to access settings').waitFor();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.evaluate(() => window.history.replaceState({ usr: { success: true }, key: 'k', idx: 0 }, '', '/login'));
    await page.reload();
    await page.getByText('Account created successfully! Please sign in to continue.').waitFor();
    await page.goto('/verified?error=INVALID_TOKEN');
    await page.getByText('This verification link is invalid or has expired. Please ask for a new one.').waitFor();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await ctx.close();
  });
});

describe('the whole account journey through the UI', () => {
  test('sign up → SMTP verification link → dashboard → logout → login → change password → login with the new one', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const email = 'journey@example.com';

    await page.goto('/signup');
    // Every field's message on an empty submit; an edit clears that field's error.
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const msg of [
      'Name is required',
      'Team name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must agree to the terms and conditions',
    ]) {
      await page.getByText(msg, { exact: true }).waitFor();
    }
    await page.getByLabel('Full Name').fill('Jo Journey');
    await page.getByText('Name is required', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Team name is required').waitFor();
    // No username is asked for: the team name is what other players see.
    expect(await page.getByLabel('Username').count()).toBe(0);

    await page.getByLabel('Team Name').fill('Journey Men');
    expect(await page.getByTestId('team-name-counter').textContent()).toBe('11/25');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();

    // Show/hide on both passwords.
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    expect(await page.getByLabel('Confirm Password', { exact: true }).getAttribute('type')).toBe('text');

    await page.getByLabel('Email Address').fill(email);
    await password.fill('first-password-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('first-password-1');

    // The terms modal, its five sections, and accepting from it.
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.waitFor();
    expect(await terms.locator('h3').allTextContents()).toEqual([
      '1. Acceptance of Terms',
      '2. User Responsibilities',
      '3. Fair Play',
      '4. Privacy Policy',
      '5. Changes to Terms',
    ]);
    await terms.getByRole('button', { name: 'I Agree' }).click();
    expect(await page.getByLabel(/I agree to the/).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByTestId('verify-email').filter({ hasText: email }).waitFor();
    // Sign-up has just sent the mail: a resend waits its turn.
    await page.getByRole('button', { name: /Resend Email \(\d+s\)/ }).waitFor();
    expect(await page.getByRole('button', { name: /Resend Email/ }).isDisabled()).toBe(true);
    // Nobody is signed in until the address is proved.
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.getByRole('button', { name: "I've Verified My Email" }).click();
    await page
      .getByText(
        'Not confirmed in this browser yet. Open the link in the email; if you opened it on another device, sign in here.',
      )
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The e-mail arrives over SMTP; its link is opened like a mail client would, in a new tab.
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject));
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const tab = await ctx.newPage();
    await tab.goto(link!);
    await tab.waitForURL('**/verified');
    await tab.getByRole('heading', { name: 'Email verified!' }).waitFor();
    await tab.close();

    // The first tab notices by polling and moves on after 2 seconds.
    await page.getByText('Email verified successfully! Redirecting...').waitFor();
    await page.waitForURL('**/verified');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText(email).waitFor();

    // Logout asks first; Cancel keeps the session.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
    await confirm.getByText('Are you sure you want to log out?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    // The screen says goodbye as it leaves, then signs out: wait for the server's answer before
    // loading a page again (a reload at once would cancel the sign-out still under way).
    const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/sign-out');
    await confirm.getByRole('button', { name: 'Log Out' }).click();
    expect((await signedOut).ok()).toBe(true);
    await page.getByText('You have been logged out. See you on match day!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/dashboard');
    // A member screen sends a visitor to sign in, which says why and comes back after.
    await page.waitForURL('**/login?next=%2Fdashboard');
    await page.getByText('Sign in to see your dashboard.').waitFor();

    // A wrong password and then the right one (back to where the visitor was going).
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');

    // Change password in Settings.
    await page.goto('/settings');
    await page.getByTestId('settings-email').filter({ hasText: email }).waitFor();
    const update = page.getByRole('button', { name: 'Update Password' });
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Current Password', { exact: true }).fill('wrong-current');
    await page.getByLabel('New Password', { exact: true }).fill('second-password-2');
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Confirm New Password', { exact: true }).fill('second-password-2');
    await update.click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.getByLabel('Current Password', { exact: true }).fill('first-password-1');
    await update.click();
    await page.getByText('Password updated successfully!').waitFor();
    // The banner clears itself after 5 seconds.
    await page.getByText('Password updated successfully!').waitFor({ state: 'detached', timeout: 8_000 });

    // One Logout on Settings: the header's, which asks first.
    await expect(page.getByRole('main').getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/sign-out');
    await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Log Out' }).click();
    expect((await loggedOut).ok()).toBe(true);
    // A member screen sends a visitor to sign in, and the sign-in screen says why.
    await page.goto('/settings');
    await page.getByText('Please log in to access settings').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.getByText('Sign in to change your settings.').waitFor();
    await page.goto('/statistics');
    await page.waitForURL('**/login?next=%2Fstatistics');
    await page.getByText('Sign in to see your statistics.').waitFor();

    await signIn(page, email, 'first-password-1');
    await page.getByText('Invalid email or password').waitFor();
    await signIn(page, email, 'second-password-2');
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('forgot password: the reset e-mail arrives by SMTP and its link sets a new password', async () => {
    const account = await verifiedAccount('forgetful@example.com', { teamName: 'Forgetful FC' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();

    // Signing up again with a taken address looks exactly like any sign-up ("check your email");
    // the mail tells the owner someone tried, and nothing of their account changes.
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Copy Cat');
    await page.getByLabel('Team Name').fill('Copycats');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('copy-cat-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('copy-cat-pass');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const tried = await smtp.waitFor((m) => m.to.includes(account.email) && /someone tried/i.test(m.subject));
    expect(tried.text).toContain('Your address already has an account, so nothing was changed.');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText('Please enter your email to reset your password').waitFor();
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText('Password reset email sent! Please check your inbox.').waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(account.email) && /reset/i.test(m.subject));
    const link = /https?:\/\/[^\s"<>]+reset-password[^\s"<>]+/.exec(mail.text)?.[0];
    await page.goto(link!);
    await page.waitForURL('**/reset-password?token=*');
    await page.getByLabel('New Password', { exact: true }).fill('reset-password-3');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('reset-password-3');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been reset. Please sign in with your new password.').waitFor();
    await signIn(page, account.email, 'reset-password-3');
    await page.waitForURL('**/dashboard');
    await ctx.close();
  });
});

describe('team-name prompt', () => {
  test('appears after sign-in without a team name, cannot be dismissed, and shows a script-bearing name as text', async () => {
    const account = await verifiedAccount('nameless@example.com', { teamName: null });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, account.email, account.password);
    await page.waitForURL('**/dashboard');
    const prompt = page.getByRole('dialog', { name: 'Create Your Team Name!' });
    await prompt.waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Two frames after the key: a dialog that Escape closes has closed by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await prompt.isVisible()).toBe(true);

    const input = prompt.getByLabel('Team Name');
    const create = prompt.getByRole('button', { name: 'Create Team Name' });
    expect(await create.isDisabled()).toBe(true);
    await input.fill('    ');
    expect(await create.isDisabled()).toBe(true);
    await input.fill('x'.repeat(40));
    expect(await input.inputValue()).toHaveLength(25);
    await prompt.getByText('25/25').waitFor();

    // Hold the real request until the busy state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me/team-name', async (route) => {
      await held;
      await route.continue();
    });
    const evil = '<svg onload=window.x=1>';
    await input.fill(` ${evil} `);
    await create.click();
    await prompt.getByRole('button', { name: 'Creating...' }).waitFor();
    expect(await input.isDisabled()).toBe(true);
    release();
    await prompt.waitFor({ state: 'hidden' });

    // The page's clock is the test's from here, so the prompt's opening delay can be run through.
    await page.clock.install();
    await page.goto('/settings');
    const shown = page.getByTestId('settings-team-name');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(evil);
    expect(await shown.locator('svg').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { x?: number }).x)).toBeUndefined();
    // Saved: the prompt does not come back, even once its opening delay (1.5 s) has passed.
    await page.clock.runFor(2_000);
    expect(await page.getByRole('dialog', { name: 'Create Your Team Name!' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('phone-sized window (390x844)', () => {
  test('the landing menu and the player drawer slide in and close', async () => {
    const account = await verifiedAccount('phone@example.com', { teamName: 'Pocket FC' });
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    await page.goto('/');
    // The side navigation is behind the menu button.
    expect(await page.getByRole('link', { name: 'Leaderboard' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#landing-menu');
    await menu.getByRole('link', { name: 'Leaderboard' }).waitFor();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });

    await signIn(page, account.email, account.password);
    await page.waitForURL('**/dashboard');
    // An already verified account that opens /verify is sent on to the dashboard.
    await page.goto('/verify');
    await page.getByText('Email already verified! Redirecting...').waitFor();
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Statistics' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-drawer');
    await drawer.getByRole('link', { name: 'Statistics' }).waitFor();
    await expect(drawer.getByText('Upgrade Now').count()).resolves.toBe(0);
    // The backdrop closes it.
    await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
    await drawer.waitFor({ state: 'detached' });
    // Following a link closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ctx.close();
  });
});
