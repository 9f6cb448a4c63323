import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  PHONE,
  launchBrowser,
  newContext,
  watchPageErrors,
  signedInContext,
  axeViolations,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpSink } from './support/smtp.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../src/server/test/factories.js';

/**
 * Sharing a league, in Chromium against the real server (decision records 0045, 0046): a
 * signed-out friend sees the league an invite link is for, signs up or signs in and comes back
 * to join with one click; every league offers its link, message and share sheet at any time; a
 * new code ends the old link; a removed player stays out until let back in. Mail travels over
 * a real SMTP server. The invite page's screenshots go to E2E_SCREENS_DIR (docs/screens
 * refreshes the committed invite-phone.png and invite-desktop.png), the others to E2E_SHOTS_DIR,
 * else a temporary folder.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2025-08-19T12:00:00.000Z';
const SHOTS =
  process.env.E2E_SHOTS_DIR ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'scoreline-invites-'));
const SCREENS = process.env.E2E_SCREENS_DIR ?? SHOTS;
const BIG_DESKTOP = { width: 1440, height: 900 };
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;
let handle: DatabaseHandle;
let alice: BuiltUser & { cookie: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({
      SCORELINE_NOW: NOW,
      AUTH_SECRET: SECRET,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Scoreline <noreply@scoreline.test>',
    }),
    launchBrowser(),
  ]);
  handle = openDatabase(server.databaseUrl);
  alice = await player({ teamName: 'Alice Allstars' });
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function player(overrides: Parameters<typeof buildUser>[2] = {}) {
  const u = await buildUser(handle.db, 'sqlite', overrides);
  return { ...u, cookie: await buildSessionCookie(handle.db, 'sqlite', u.id, SECRET) };
}

/** A league made through the API, as its creator would; returns its id and code. */
async function league(owner: { cookie: string }, name: string): Promise<{ id: string; code: string }> {
  const res = await fetch(`${server.url}/api/leagues`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).league;
}

async function join(who: { cookie: string }, code: string) {
  const res = await fetch(`${server.url}/api/leagues/join`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ code }),
  });
  expect(res.status).toBe(200);
}

const membersOf = async (leagueId: string) =>
  (await handle.db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute()).map(
    (r) => r.userId,
  );

async function contextFor(
  viewport: { width: number; height: number },
  who?: { cookie: string },
): Promise<BrowserContext> {
  const ctx = who
    ? await signedInContext(browser, server.url, who.cookie, { viewport })
    : await newContext(browser, server.url, viewport);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return ctx;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function expectInviteOf(page: Page, name: string, organiser: string, members: string) {
  await page.getByRole('heading', { name: "You're invited to join a league" }).waitFor();
  const card = page.getByTestId('invite-league');
  await card.getByText(name, { exact: true }).waitFor();
  await card.getByText(organiser, { exact: true }).waitFor();
  await card.getByText(members).waitFor();
}

describe('a signed-out friend opens an invite link', () => {
  test('sees the league, signs up, verifies the address, comes back and joins with one click', async () => {
    // This flow returns to the invite through sign-up's and verification's ?next= (the account screens' part).
    const office = await league(alice, 'Office League');
    const ctx = await contextFor(PHONE);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`/join/${office.code}`);
    await expectInviteOf(page, 'Office League', 'Alice Allstars', '1 member');
    // Sign-up first for a newcomer, then sign-in.
    const actions = page.getByRole('link', { name: /Sign up to join|I already have an account/ });
    expect(await actions.allTextContents()).toEqual(['Sign up to join', 'I already have an account']);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Sign up to join' }).click();
    await page.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('next') === `/join/${office.code}`);
    const email = `newcomer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('Full Name').fill('Nina Newcomer');
    await page.getByLabel('Team Name').fill('Nina Nets');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('nina-password-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('nina-password-1');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The verification mail arrives over SMTP; its link is opened as a mail app would.
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject));
    const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    // Opened in the browser that signed up, the link verifies, signs the newcomer in and carries
    // sign-up's ?next= back to the invite.
    const invitePath = `/join/${office.code}`;
    // Back on the invite: it joins nobody until the click.
    await page.waitForURL(`**${invitePath}`);
    await page.getByRole('button', { name: 'Join League' }).waitFor();
    expect(await membersOf(office.id)).toEqual([alice.id]);
    await page.getByRole('button', { name: 'Join League' }).click();
    await page.waitForURL('**/leaderboard');
    await page.getByText('Successfully joined league "Office League"!').waitFor();
    await page.getByRole('row').filter({ hasText: 'Nina Nets' }).waitFor();
    expect((await membersOf(office.id)).length).toBe(2);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('with an account already: signs in and comes back to join with one click; screenshots at both sizes', async () => {
    const pub = await league(alice, 'Pub Quiz Predictors');
    const bob = await player({ teamName: 'Bob Ballers' });
    await join(bob, pub.code);
    const carol = await player({ teamName: 'Carol Kickers' });

    for (const [viewport, tag] of [
      [PHONE, 'phone'],
      [BIG_DESKTOP, 'desktop'],
    ] as const) {
      const ctx = await contextFor(viewport);
      const page = await ctx.newPage();
      await page.goto(`/join/${pub.code.toLowerCase()}`);
      await expectInviteOf(page, 'Pub Quiz Predictors', 'Alice Allstars', '2 members');
      await page.screenshot({ path: `${SCREENS}/invite-${tag}.png` });
      await ctx.close();
    }

    const ctx = await contextFor(PHONE);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`/join/${pub.code}`);
    await expectInviteOf(page, 'Pub Quiz Predictors', 'Alice Allstars', '2 members');
    await page.getByRole('link', { name: 'I already have an account' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === `/join/${pub.code}`);
    await page.getByLabel('Email Address').fill(carol.email);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/join/${pub.code}`);
    await expectInviteOf(page, 'Pub Quiz Predictors', 'Alice Allstars', '2 members');
    await page.getByRole('button', { name: 'Join League' }).waitFor();
    expect(await membersOf(pub.id)).not.toContain(carol.id);
    await page.getByRole('button', { name: 'Join League' }).click();
    await page.waitForURL('**/leaderboard');
    await page.getByText('Successfully joined league "Pub Quiz Predictors"!').waitFor();
    expect(await membersOf(pub.id)).toContain(carol.id);

    // The link again: already a member, and it opens the league.
    await page.goto(`/join/${pub.code}`);
    // Their own league's link: not an invitation, the league they are in.
    await page.getByRole('heading', { name: "You're a member of Pub Quiz Predictors", level: 1 }).waitFor();
    await expect(page.getByText("You're invited").count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Open League' }).click();
    await page.getByRole('heading', { name: 'Pub Quiz Predictors', level: 2 }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('an unknown code says so plainly', async () => {
    const ctx = await contextFor(PHONE);
    const page = await ctx.newPage();
    await page.goto('/join/ZZZZZZZZ');
    await page.getByRole('heading', { name: 'Invite link not valid' }).waitFor();
    await page.getByText(/This invite link is not valid any more/).waitFor();
    expect(await page.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();
  });
});

describe("a league's invite, at any time", () => {
  test('the Leaderboard copies the link and the ready message, and shares through the share sheet', async () => {
    const cup = await league(alice, 'Family Cup');
    for (const [viewport, tag] of [
      [PHONE, 'phone'],
      [BIG_DESKTOP, 'desktop'],
    ] as const) {
      const ctx = await contextFor(viewport, alice);
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/leaderboard');
      const link = `${server.url}/join/${cup.code}`;
      const message = `Join my Scoreline league "Family Cup": ${link} (code ${cup.code})`;
      // This Chromium has no share sheet: the button says it copies the message, and does.
      await page.getByRole('button', { name: 'Copy Link to invite players to Family Cup' }).click();
      await page.getByText('Invite link copied to clipboard!').waitFor();
      expect(await clipboard(page)).toBe(link);
      await page.getByRole('button', { name: 'Copy Message an invite to Family Cup' }).click();
      await page.getByText('Invite message copied: paste it into WhatsApp or an e-mail.').waitFor();
      expect(await clipboard(page)).toBe(message);
      await page
        .getByText('Invite message copied: paste it into WhatsApp or an e-mail.')
        .waitFor({ state: 'detached' });
      await page.getByRole('listitem').filter({ hasText: 'Family Cup' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/invite-card-${tag}.png` });
      await page.getByRole('button', { name: /^Family Cup/ }).click();
      await page.getByRole('button', { name: 'Invite Players', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite players to Family Cup' });
      await expect(dialog.getByLabel('Invite link').inputValue()).resolves.toBe(link);
      await page.screenshot({ path: `${SHOTS}/invite-dialog-${tag}.png` });
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(errors).toEqual([]);
      await ctx.close();
    }

    // Where the browser has a share sheet, the same message goes to it.
    const ctx = await contextFor(PHONE, alice);
    await ctx.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => void shared.push(data),
        configurable: true,
      });
    });
    const page = await ctx.newPage();
    await page.goto('/leaderboard');
    await page.getByRole('button', { name: 'Share an invite to Family Cup' }).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length === 1);
    const shared = await page.evaluate(
      () => (window as unknown as { shared: Array<{ title: string; text: string }> }).shared[0],
    );
    expect(shared).toEqual({
      title: 'Join "Family Cup" on Scoreline',
      text: `Join my Scoreline league "Family Cup": ${server.url}/join/${cup.code} (code ${cup.code})`,
    });
    await ctx.close();
  });

  test('a league created on the Leaderboard opens its invite; a new code ends the old link at once', async () => {
    const ctx = await contextFor(BIG_DESKTOP, alice);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/leaderboard');
    await page.getByRole('button', { name: 'Create League' }).click();
    await page.getByLabel('League Name').fill('Five-a-side');
    await page.locator('form').getByRole('button', { name: 'Create League' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite players to Five-a-side' });
    await dialog.waitFor();
    const oldLink = await dialog.getByLabel('Invite link').inputValue();
    const oldCode = oldLink.slice(-8);
    expect(oldLink).toBe(`${server.url}/join/${oldCode}`);
    await dialog.getByText(`Join my Scoreline league "Five-a-side": ${oldLink} (code ${oldCode})`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A friend has the old link open.
    const friendCtx = await contextFor(PHONE);
    const friend = await friendCtx.newPage();
    await friend.goto(`/join/${oldCode}`);
    await expectInviteOf(friend, 'Five-a-side', 'Alice Allstars', '1 member');

    await dialog.getByRole('button', { name: 'Get a New Code' }).click();
    await dialog.getByRole('button', { name: 'Replace Code' }).click();
    await page.getByText(/^New code for "Five-a-side": [A-Z2-9]{8}\. The old code no longer works\.$/).waitFor();
    await expect.poll(() => dialog.getByLabel('Invite link').inputValue()).not.toBe(oldLink);
    const newCode = (await dialog.getByLabel('Invite link').inputValue()).slice(-8);
    await page.getByRole('listitem').filter({ hasText: 'Five-a-side' }).getByText(newCode, { exact: true }).waitFor();
    // The friend's open page hears of it without a reload.
    await friend.getByRole('heading', { name: 'Invite link not valid' }).waitFor();
    await friend.goto(`/join/${newCode}`);
    await expectInviteOf(friend, 'Five-a-side', 'Alice Allstars', '1 member');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(errors).toEqual([]);
    await Promise.all([ctx.close(), friendCtx.close()]);
  });

  test('a removed player stays out until the creator lets them back in', async () => {
    const club = await league(alice, 'Sunday Club');
    const dave = await player({ teamName: 'Dave Dribblers' });
    await join(dave, club.code);

    const aliceCtx = await contextFor(BIG_DESKTOP, alice);
    const a = await aliceCtx.newPage();
    await a.goto('/leaderboard');
    await a.getByRole('button', { name: /^Sunday Club/ }).click();
    await a.getByRole('heading', { name: 'Sunday Club', level: 2 }).waitFor();
    await a.getByRole('button', { name: 'Remove Dave Dribblers' }).click();
    const confirm = a.getByRole('dialog', { name: 'Remove Member' });
    await confirm.getByText(/until you let them back in from Invite Players/).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await a.getByText(/Dave Dribblers was removed from the league\./).waitFor();

    // Dave follows the link: it says he was removed, and offers no way in.
    const daveCtx = await contextFor(PHONE, dave);
    const d = await daveCtx.newPage();
    await d.goto(`/join/${club.code}`);
    await d
      .getByText('The league creator removed you from this league. Ask them to let you back in before you join again.')
      .waitFor();
    expect(await d.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    await d.screenshot({ path: `${SHOTS}/invite-removed-phone.png` });
    // Typing the code on the Leaderboard is refused too.
    await d.goto('/leaderboard');
    await d.getByRole('button', { name: 'Join League' }).click();
    await d.getByLabel('League Code').fill(club.code);
    await d.locator('form').getByRole('button', { name: 'Join League' }).click();
    await d
      .getByText('The league creator removed you from this league. Ask them to let you back in before you join again.')
      .waitFor();
    expect(await membersOf(club.id)).toEqual([alice.id]);
    await d.goto(`/join/${club.code}`);
    await d.getByText(/The league creator removed you/).waitFor();

    // Alice lets him back in; his open invite page offers the join at once.
    await a.getByRole('button', { name: 'Invite Players', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Invite players to Sunday Club' });
    await dialog.getByText('Dave Dribblers').first().waitFor();
    await dialog.getByRole('button', { name: 'Let Back In Dave Dribblers' }).click();
    await a.getByText("Dave Dribblers can join again with the league's code.").waitFor();
    await dialog.getByText('Nobody has been removed.').waitFor();
    await d.getByRole('button', { name: 'Join League' }).click();
    await d.waitForURL('**/leaderboard');
    await d.getByText('Successfully joined league "Sunday Club"!').waitFor();
    await a.getByRole('listitem').filter({ hasText: 'Sunday Club' }).getByText('2 members').waitFor();
    await Promise.all([aliceCtx.close(), daveCtx.close()]);
  });

  test('New League offers only the competitions with fixtures, the Premier League first', async () => {
    const ctx = await contextFor(PHONE, alice);
    const page = await ctx.newPage();
    await page.goto('/new-league');
    const select = page.getByRole('combobox', { name: 'Competition' });
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['Premier League', 'UEFA Champions League', 'FIFA World Cup']);
    expect(await select.locator('option:checked').textContent()).toBe('Premier League');
    await page.getByLabel(/League Name/).fill('Work League');
    await page.getByRole('button', { name: 'Create League & Get Code' }).click();
    await page.getByLabel('Invite link').waitFor();
    const row = await handle.db
      .selectFrom('leagues')
      .select('competition')
      .where('name', '=', 'Work League')
      .executeTakeFirstOrThrow();
    expect(row.competition).toBe('premier-league');
    await ctx.close();
  });
});
