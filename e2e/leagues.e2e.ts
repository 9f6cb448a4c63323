import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, watchPageErrors, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD, type BuiltUser } from '../src/server/test/factories.js';
import { buildPrediction } from '../src/server/test/factories-game.js';

/**
 * Leagues in Chromium against the real server and its built-in 2025/26 season. The clock is
 * Tuesday 19 August 2025: gameweek 1 has been played (every deadline passed), no result entered.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2025-08-19T12:00:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let alice: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;
let adminCookie: string;
let fixtures: Array<{ id: string; homeTeam: string; awayTeam: string }>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const db = handle.db;
  alice = await buildUser(db, 'sqlite', { teamName: 'Alice Allstars' });
  bob = await buildUser(db, 'sqlite', { teamName: 'Bob Ballers' });
  carol = await buildUser(db, 'sqlite', { teamName: 'Carol Kickers' });
  const admin = await buildUser(db, 'sqlite', { role: 'admin', teamName: 'Admins' });
  adminCookie = await buildSessionCookie(db, 'sqlite', admin.id, SECRET);
  fixtures = await db
    .selectFrom('fixtures')
    .select(['id', 'homeTeam', 'awayTeam'])
    .where('seasonId', '=', '2025-26')
    .where('gameweek', '=', 1)
    .orderBy('kickoffAt')
    .orderBy('id')
    .limit(2)
    .execute();
  expect(fixtures).toHaveLength(2);
  // Picks made before the deadline (the predictions screen is another flow's test).
  await buildPrediction(db, {
    userId: alice.id,
    fixtureId: fixtures[0]!.id,
    homeScore: 1,
    awayScore: 1,
    predictedAt: '2025-08-14T10:00:00.000Z',
  });
  await buildPrediction(db, {
    userId: alice.id,
    fixtureId: fixtures[1]!.id,
    homeScore: 1,
    awayScore: 0,
    predictedAt: '2025-08-14T10:00:00.000Z',
  });
  await buildPrediction(db, {
    userId: bob.id,
    fixtureId: fixtures[0]!.id,
    homeScore: 2,
    awayScore: 1,
    predictedAt: '2025-08-14T11:00:00.000Z',
  });
  await buildPrediction(db, {
    userId: bob.id,
    fixtureId: fixtures[1]!.id,
    homeScore: 3,
    awayScore: 0,
    predictedAt: '2025-08-14T11:00:00.000Z',
  });
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function loginThroughUi(page: Page, user: BuiltUser) {
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A context at `viewport` that may use the clipboard, signed in when given a session cookie. */
async function contextFor(viewport = DESKTOP, cookie?: string): Promise<BrowserContext> {
  const ctx = cookie
    ? await signedInContext(browser, server.url, cookie, { viewport })
    : await newContext(browser, server.url, viewport);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return ctx;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('create, copy, join by code and by invite link, live ranking, gameweek table, picks, leave', async () => {
  // 1. Alice signs in and creates a league from the leaderboard.
  const aliceCtx = await contextFor();
  const a = await aliceCtx.newPage();
  const aliceErrors = watchPageErrors(a);
  await a.goto('/login');
  await loginThroughUi(a, alice);
  await a.waitForURL('**/dashboard');
  await a.goto('/leaderboard');
  await a.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
  await expect(a.getByText('No leaderboard data available yet.').isVisible()).resolves.toBe(true);
  await a.screenshot({ path: `${SHOTS}/issue5-leaderboard-empty-desktop.png`, fullPage: true });

  await a.getByRole('button', { name: 'Create League' }).click();
  // The form loads when asked for: its button is the last one named so once it is there.
  await a.getByLabel('League Name').waitFor();
  await a.getByRole('button', { name: 'Create League', exact: true }).last().click();
  await a.getByText('League name cannot be empty.').waitFor();
  await a.getByLabel('League Name').fill('  Office League ');
  await a.screenshot({ path: `${SHOTS}/issue5-create-desktop.png`, fullPage: true });
  await a.locator('form').getByRole('button', { name: 'Create League' }).click();
  const created = a.getByText(/^League "Office League" created successfully! Code: [A-Z2-9]{8}$/);
  await created.waitFor();
  const code = /Code: ([A-Z2-9]{8})/.exec((await created.textContent()) ?? '')![1]!;

  // The invite opens at once (link, message, share); then the default view, with the new league selected.
  const invite = a.getByRole('dialog', { name: 'Invite players to Office League' });
  await expect(invite.getByLabel('Invite link').inputValue()).resolves.toBe(`${server.url}/join/${code}`);
  await invite.getByRole('button', { name: 'Done' }).click();
  await invite.waitFor({ state: 'hidden' });
  await a.getByRole('heading', { name: 'Office League', level: 2, exact: true }).waitFor();
  await a.getByText('Creator', { exact: true }).waitFor();
  await a.getByRole('button', { name: 'Copy Code for Office League' }).click();
  await a.getByText('League code copied to clipboard!').waitFor();
  await expect(a.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
  // Messages clear after 3 seconds.
  await a.getByText('League code copied to clipboard!').waitFor({ state: 'detached', timeout: 5000 });

  // 2. Bob joins by the code, typed in lower case.
  const bobCtx = await contextFor(PHONE, await buildSessionCookie(handle.db, 'sqlite', bob.id, SECRET));
  const b = await bobCtx.newPage();
  const bobErrors = watchPageErrors(b);
  await b.goto('/leaderboard');
  await b.getByRole('button', { name: 'Join League' }).click();
  await b.getByLabel('League Code').fill('zzzzzzzz');
  await b.locator('form').getByRole('button', { name: 'Join League' }).click();
  await b.getByText('Invalid league code. No league found.').waitFor();
  await b.getByLabel('League Code').fill(code.toLowerCase());
  await b.screenshot({ path: `${SHOTS}/issue5-join-phone.png`, fullPage: true });
  await b.locator('form').getByRole('button', { name: 'Join League' }).click();
  await b.getByText('Successfully joined league "Office League"!').waitFor();
  await row(b, 'Bob Ballers').waitFor();

  // 3. Carol follows the invite link while signed out: login, then back to confirm with one click.
  const carolCtx = await contextFor();
  const c = await carolCtx.newPage();
  const carolErrors = watchPageErrors(c);
  await c.goto(`/join/${code}`);
  await c.getByText('Office League', { exact: true }).waitFor();
  await c.getByRole('link', { name: 'I already have an account' }).click();
  await c.waitForURL((u) => u.pathname === '/login');
  await loginThroughUi(c, carol);
  await c.waitForURL(`**/join/${code}`);
  // Following the link alone joins nothing: it asks first.
  await c.getByText('Office League', { exact: true }).waitFor();
  await c.getByRole('button', { name: 'Join League' }).waitFor();
  await a.getByText('2 members', { exact: true }).waitFor();
  await c.screenshot({ path: `${SHOTS}/issue11-join-confirm.png`, fullPage: true });
  await c.getByRole('button', { name: 'Join League' }).click();
  await c.waitForURL('**/leaderboard');
  await c.getByText('Successfully joined league "Office League"!').waitFor();
  await row(c, 'Carol Kickers').waitFor();
  // The link again: already a member, and the league still opens.
  await c.goto(`/join/${code.toLowerCase()}`);
  // Their own league's link: not an invitation, the league they are in.
  await c.getByRole('heading', { name: "You're a member of Office League", level: 1 }).waitFor();
  await expect(c.getByText("You're invited").count()).resolves.toBe(0);
  await c.getByRole('link', { name: 'Open League' }).click();
  await c.getByRole('heading', { name: 'Office League', level: 2 }).waitFor();

  // Alice's table shows three members, all on 0 points, live.
  await a.getByText('3 members', { exact: true }).waitFor();
  await row(a, 'Carol Kickers').waitFor();

  // 4. The admin enters the results; Alice's table reorders without a reload.
  for (const [fixture, score] of [
    [fixtures[0]!, { homeScore: 2, awayScore: 1 }],
    [fixtures[1]!, { homeScore: 1, awayScore: 0 }],
  ] as const) {
    const res = await fetch(`${server.url}/api/admin/results/${encodeURIComponent(fixture.id)}`, {
      method: 'PUT',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify(score),
    });
    expect(res.status).toBe(200);
  }
  // Bob: exact (3) + right outcome (1) = 4; Alice: wrong (0) + exact (3) = 3; Carol 0.
  await expect.poll(async () => (await row(a, 'Bob Ballers').textContent()) ?? '', { timeout: 10_000 }).toContain('4');
  const names = await a.locator('tbody tr').allTextContents();
  expect(names[0]).toContain('Bob Ballers');
  expect(names[1]).toContain('Alice Allstars');
  expect(names[1]).toContain('You');
  expect(names[2]).toContain('Carol Kickers');
  await a.screenshot({ path: `${SHOTS}/issue5-table-desktop.png`, fullPage: true });

  // 5. The gameweek table.
  await a.getByRole('button', { name: 'Gameweek', exact: true }).click();
  await expect(a.getByLabel('Gameweek').inputValue()).resolves.toBe('1');
  await expect.poll(async () => (await row(a, 'Bob Ballers').textContent()) ?? '').toContain('4');

  // 6. Bob's picks (the deadline has passed).
  await row(a, 'Bob Ballers')
    .getByRole('button', { name: /view picks/ })
    .click();
  const picks = a.getByRole('dialog', { name: "Bob Ballers's picks" });
  await picks.waitFor();
  await picks.getByText('2 - 1').first().waitFor();
  await expect(picks.getByText('3 pts').isVisible()).resolves.toBe(true);
  await a.screenshot({ path: `${SHOTS}/issue5-picks-desktop.png` });
  await picks.getByRole('button', { name: 'Close' }).click();

  // 7. Carol leaves (with a confirmation); Alice sees two members again.
  await c.getByRole('button', { name: 'Leave League' }).click();
  const confirm = c.getByRole('dialog', { name: 'Leave League' });
  await confirm.getByRole('button', { name: 'Leave League' }).click();
  await c.getByText('You left "Office League".').waitFor();
  await c.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
  await a.getByText('2 members', { exact: true }).waitFor();

  await b.screenshot({ path: `${SHOTS}/issue5-table-phone.png`, fullPage: true });
  await row(b, 'Alice Allstars')
    .getByRole('button', { name: /view picks/ })
    .click();
  const alicePicks = b.getByRole('dialog', { name: "Alice Allstars's picks" });
  await alicePicks.getByText('1 - 1').first().waitFor();
  await b.screenshot({ path: `${SHOTS}/issue5-picks-phone.png` });
  await alicePicks.getByRole('button', { name: 'Close' }).click();
  expect([...aliceErrors, ...bobErrors, ...carolErrors]).toEqual([]);
  await Promise.all([aliceCtx.close(), bobCtx.close(), carolCtx.close()]);
});

test('the New League screen creates a public league with its code and invite link', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const ctx = await contextFor(viewport, await buildSessionCookie(handle.db, 'sqlite', alice.id, SECRET));
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const tag = viewport === PHONE ? 'phone' : 'desktop';
    await page.goto('/new-league');
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/issue5-new-league-${tag}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create League & Get Code' }).click();
    await page.getByText('Please enter a league name.').waitFor();
    await page.getByLabel(/League Name/).fill(`Open Cup ${tag}`);
    await page.getByLabel('Description (optional)').fill('Anyone welcome');
    // Every competition with fixtures here is offered; the Premier League is chosen unless changed.
    await expect
      .poll(() => page.getByLabel('Competition').locator('option:checked').textContent())
      .toBe('Premier League');
    await page.getByLabel(/Public/).check();
    await page.getByRole('button', { name: 'Create League & Get Code' }).click();
    await page.getByRole('button', { name: 'Copy Code' }).waitFor();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/join/[A-Z2-9]{8}$`));
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await page.getByText('League code copied to clipboard!').waitFor();
    await page.screenshot({ path: `${SHOTS}/issue5-new-league-created-${tag}.png`, fullPage: true });
    const row = await handle.db
      .selectFrom('leagues')
      .selectAll()
      .where('name', '=', `Open Cup ${tag}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      privacy: 'public',
      competition: 'premier-league',
      description: 'Anyone welcome',
      code: link.slice(-8),
    });
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await ctx.close();
  }

  // Signed out, the leaderboard asks to log in.
  const visitor = await contextFor(PHONE);
  const page = await visitor.newPage();
  await page.goto('/leaderboard');
  await page.getByText('Please log in to view leaderboards').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue5-signed-out-phone.png` });
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.waitForURL('**/login');
  await visitor.close();
});

test("the league page's dialogs load when opened, take focus and hand it back to their button", async () => {
  const dave = await buildUser(handle.db, 'sqlite', { teamName: 'Dave Dribblers' });
  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    const tag = viewport === PHONE ? 'phone' : 'desktop';
    const ctx = await contextFor(viewport, await buildSessionCookie(handle.db, 'sqlite', dave.id, SECRET));
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const focusInside = (name: string) =>
      page.getByRole('dialog', { name }).evaluate((d) => d.contains(document.activeElement));
    await page.goto('/leaderboard');
    await page.getByRole('heading', { name: 'My Leagues' }).waitFor();
    // The create form loads when asked for; creating opens the invite with focus inside.
    await page.getByRole('button', { name: 'Create League' }).click();
    await page.getByLabel('League Name').fill(`Focus League ${tag}`);
    await page.locator('form').getByRole('button', { name: 'Create League' }).click();
    const invite = page.getByRole('dialog', { name: `Invite players to Focus League ${tag}` });
    await invite.waitFor();
    await expect.poll(() => focusInside(`Invite players to Focus League ${tag}`)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/league-dialog-invite-${tag}.png` });
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'hidden' });

    for (const [button, title] of [
      ['Rename', 'Rename League'],
      ['Change Scoring', 'Change Scoring'],
      ['Invite Players', `Invite players to Focus League ${tag}`],
    ] as const) {
      const opener = page.getByRole('button', { name: button, exact: true });
      await opener.focus();
      await opener.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expect.poll(() => focusInside(title), { message: `focus inside ${title}` }).toBe(true);
      if (button === 'Change Scoring') await page.screenshot({ path: `${SHOTS}/league-dialog-scoring-${tag}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => opener.evaluate((el) => el === document.activeElement), { message: `focus back on ${button}` })
        .toBe(true);
    }
    // The join form loads when asked for and puts the cursor in its field.
    await page.getByRole('button', { name: 'Join League' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('league-code');
    expect(errors).toEqual([]);
    await ctx.close();
  }
});
