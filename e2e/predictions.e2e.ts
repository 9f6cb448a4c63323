import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, watchPageErrors, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

/**
 * The game itself, in Chromium against the real server and its built-in 2025/26 season:
 * the clock (SCORELINE_NOW) is Saturday 14 March 2026, 13:30 UTC — gameweek 30, with two 15:00
 * kick-offs already inside their 2-hour deadline and the evening matches still open.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-03-14T13:30:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let playerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const player = await buildUser(handle.db, 'sqlite', { teamName: 'Pundits' });
  const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', teamName: 'Admins' });
  playerCookie = await buildSessionCookie(handle.db, 'sqlite', player.id, SECRET);
  adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, SECRET);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

const signedIn = (cookie: string, viewport = DESKTOP): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

const card = (page: Page, home: string) => page.getByTestId('fixture-card').filter({ hasText: home });

/** A real paste event carrying text, as the browser fires it for Ctrl+V. */
async function pasteInto(page: Page, selector: string, text: string) {
  await page.locator(selector).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('a player predicts, edits, meets the deadline, and sees the admin’s results arrive live', async () => {
  const playerCtx = await signedIn(playerCookie);
  const page = await playerCtx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions');

  // The board opens on gameweek 30 (its evening matches are still open) with its cards in the home clubs' colours.
  await card(page, 'Arsenal').waitFor();
  await expect(page.getByLabel('Gameweek').inputValue()).resolves.toBe('30');
  await page.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  await expect(page.getByTestId('gameweek-state').textContent()).resolves.toBe('Open for predictions');
  await expect(page.getByRole('button', { name: 'Home Team Colours: ON' }).isVisible()).resolves.toBe(true);
  // One model: no Upcoming/Past switch, no tabs.
  await expect(page.getByRole('tab').count()).resolves.toBe(0);
  await expect(page.getByRole('group', { name: 'Upcoming or past' }).count()).resolves.toBe(0);
  await page.screenshot({ path: `${SHOTS}/issue4-upcoming-desktop.png`, fullPage: true });

  // 1. Typing: letters are blocked, digits go in, at most two.
  await card(page, 'Arsenal')
    .getByRole('button', { name: /^Predict/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
  await dialog.waitFor();
  await expect(dialog.getByText('Enter scores between 0-20').isVisible()).resolves.toBe(true);
  const save = dialog.getByRole('button', { name: 'Save Prediction' });
  await expect(save.isDisabled()).resolves.toBe(true);
  await dialog.getByRole('textbox', { name: 'Arsenal' }).pressSequentially('a2x');
  await expect(save.isDisabled()).resolves.toBe(true);
  await dialog.getByRole('textbox', { name: 'Everton' }).pressSequentially('1-');
  await expect(dialog.getByRole('textbox', { name: 'Arsenal' }).inputValue()).resolves.toBe('2');
  await expect(dialog.getByRole('textbox', { name: 'Everton' }).inputValue()).resolves.toBe('1');
  await page.screenshot({ path: `${SHOTS}/issue4-modal-desktop.png` });
  await save.click();
  await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
  await card(page, 'Arsenal').getByText('Your prediction: 2 - 1').waitFor();
  // Focus went back to the button that opened the editor.
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Edit');

  // 2. Pasting a pair into the home field fills both.
  await card(page, 'Chelsea')
    .getByRole('button', { name: /^Predict/ })
    .click();
  await dialog.waitFor();
  await pasteInto(page, 'dialog input >> nth=0', ' 0 : 1 ');
  await expect(dialog.getByRole('textbox', { name: 'Chelsea' }).inputValue()).resolves.toBe('0');
  await expect(dialog.getByRole('textbox', { name: 'Newcastle' }).inputValue()).resolves.toBe('1');
  await dialog.getByRole('button', { name: 'Save Prediction' }).click();
  await card(page, 'Chelsea').getByText('Your prediction: 0 - 1').waitFor();

  // 3. A third match, typed; a single pasted number fills only its field.
  await card(page, 'West Ham')
    .getByRole('button', { name: /^Predict/ })
    .click();
  await dialog.waitFor();
  await pasteInto(page, 'dialog input >> nth=0', 'one? 1!');
  await dialog.getByRole('textbox', { name: 'Manchester City' }).fill('1');
  await dialog.getByRole('button', { name: 'Save Prediction' }).click();
  await card(page, 'West Ham').getByText('Your prediction: 1 - 1').waitFor();

  // Edit one: the editor opens with the saved score and says Update Prediction.
  await card(page, 'Arsenal').getByRole('button', { name: /^Edit/ }).click();
  await dialog.waitFor();
  await expect(dialog.getByRole('textbox', { name: 'Arsenal' }).inputValue()).resolves.toBe('2');
  await dialog.getByRole('textbox', { name: 'Arsenal' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Everton' }).fill('0');
  await dialog.getByRole('button', { name: 'Update Prediction' }).click();
  await card(page, 'Arsenal').getByText('Your prediction: 3 - 0').waitFor();

  // A 15:00 match is inside its 2-hour deadline: its card offers no editor at all, and says it has no pick.
  await card(page, 'Sunderland').getByText('Predictions closed').waitFor();
  await card(page, 'Sunderland').getByText('No prediction').waitFor();
  await expect(
    card(page, 'Sunderland')
      .getByRole('button', { name: /^(Predict|Edit)/ })
      .count(),
  ).resolves.toBe(0);
  await expect(card(page, 'Sunderland').locator('input').count()).resolves.toBe(0);

  // The server refuses a late save even when the page allowed it.
  const late = await page.evaluate(async (id) => {
    const res = await fetch(`/api/predictions/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ homeScore: 1, awayScore: 0 }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
  }, 'SunderlandAFC_vs_Brighton&HoveAlbionFC_2026-03-14');
  expect(late).toEqual({
    status: 409,
    body: { error: { code: 'deadline_passed', message: expect.stringContaining('2 hours before kick-off') } },
  });

  // The gameweek's line counts the picks (what the My Predictions tab listed).
  await expect.poll(() => page.getByTestId('gameweek-tally').textContent()).toBe('3 of 10 predicted');
  await expect(page.getByRole('link', { name: /summary/ }).count()).resolves.toBe(0);
  // A player has no way to the admin's result desk.
  await expect(page.getByRole('link', { name: /Result Desk/ }).count()).resolves.toBe(0);

  // The admin finds the result desk from the board, in another browser.
  const adminCtx = await signedIn(adminCookie);
  const admin = await adminCtx.newPage();
  await admin.goto('/predictions');
  await admin.getByRole('link', { name: 'Enter results on the Result Desk (admin)' }).click();
  await admin.waitForURL('**/admin/results');
  // The desk opens on the gameweek of the latest kick-off (29 until 15:00); the admin picks 30.
  await admin.getByRole('heading', { name: /^Gameweek \d+$/ }).waitFor();
  await admin.getByLabel('Gameweek', { exact: true }).selectOption('30');
  await admin.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  const row = (home: string) =>
    admin.getByTestId('desk-row').filter({ has: admin.getByLabel(`${home} score`, { exact: true }) });
  // A result is a fact after the whistle: before kick-off the desk takes none.
  await row('Arsenal').getByText('Not kicked off yet').waitFor();
  // Then the three matches are played. The server's clock runs on in real time, so rather than wait
  // until the evening, their kick-offs move to an hour ago (written directly, as time passing would).
  const played = ['Arsenal FC', 'Chelsea FC', 'West Ham United FC'];
  const kickoffs = await handle.db
    .selectFrom('fixtures')
    .select(['id', 'kickoffAt'])
    .where('seasonId', '=', '2025-26')
    .where('gameweek', '=', 30)
    .where('homeTeam', 'in', played)
    .execute();
  await handle.db
    .updateTable('fixtures')
    .set({ kickoffAt: '2026-03-14T12:30:00.000Z' })
    .where(
      'id',
      'in',
      kickoffs.map((k) => k.id),
    )
    .execute();
  await admin.reload();
  await admin.getByLabel('Gameweek', { exact: true }).selectOption('30');
  await row('Arsenal').getByLabel('Arsenal score', { exact: true }).waitFor();
  const enter = async (home: string, away: string, h: string, a: string) => {
    await row(home).getByLabel(`${home} score`, { exact: true }).fill(h);
    await row(home).getByLabel(`${away} score`, { exact: true }).fill(a);
    await row(home)
      .getByRole('button', { name: /^Save result/ })
      .click();
    await row(home).getByTestId('row-state').getByText(`Saved: ${h} - ${a}`).waitFor();
  };
  await enter('Arsenal', 'Everton', '3', '0'); // exact
  await enter('Chelsea', 'Newcastle United', '2', '0'); // wrong
  await enter('West Ham United', 'Manchester City', '2', '2'); // right outcome
  await admin.screenshot({ path: `${SHOTS}/issue4-admin-results-desktop.png`, fullPage: true });

  // The player's board updates without a reload: each played card has the result as its main score, the pick and its points.
  await page.locator('[data-outcome="exact"]').waitFor();
  await page.locator('[data-outcome="wrong"]').waitFor();
  await page.locator('[data-outcome="outcome"]').waitFor();
  await expect(card(page, 'Arsenal').getByTestId('card-score').textContent()).resolves.toBe('3 - 0');
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('Your prediction 3–0');
  await expect(card(page, 'Arsenal').textContent()).resolves.toContain('Exact score! +3 points');
  await expect(card(page, 'Chelsea').textContent()).resolves.toContain('Wrong prediction. 0 points');
  await expect(card(page, 'West Ham').textContent()).resolves.toContain('Correct result! +1 point');
  // The gameweek's line: picks, points and the results still to come (what the Results tab compared), and the summary a click away.
  await expect
    .poll(() => page.getByTestId('gameweek-tally').textContent())
    .toBe('3 of 10 predicted · 4 points · 3 of 10 results in');
  await page.getByRole('link', { name: 'Your Gameweek 30 summary' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-my-predictions-desktop.png`, fullPage: true });

  // A correction by the admin replaces the player's points live.
  await row('Arsenal').getByLabel('Arsenal score', { exact: true }).fill('1');
  await row('Arsenal')
    .getByRole('button', { name: /^Save result/ })
    .click();
  await card(page, 'Arsenal').getByText('Correct result! +1 point').waitFor();
  await expect
    .poll(() => page.getByTestId('gameweek-tally').textContent())
    .toBe('3 of 10 predicted · 2 points · 3 of 10 results in');
  await page.screenshot({ path: `${SHOTS}/issue4-results-desktop.png`, fullPage: true });
  // The evening kick-offs again, for the next test (their results stay).
  for (const k of kickoffs)
    await handle.db.updateTable('fixtures').set({ kickoffAt: k.kickoffAt }).where('id', '=', k.id).execute();

  expect(errors).toEqual([]);
  await adminCtx.close();
  await playerCtx.close();
});

test('the screen on a phone, Home Team Colours OFF, stepping between gameweeks, and links from before the one-gameweek board', async () => {
  const ctx = await signedIn(playerCookie, PHONE);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions', {});
  await card(page, 'Arsenal').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-upcoming-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Home Team Colours: ON' }).click();
  await page.getByRole('button', { name: 'Home Team Colours: OFF' }).waitFor();
  // The gameweek before: played, with its real results; no score boxes, the URL names it.
  await page.getByRole('button', { name: 'Previous gameweek' }).click();
  await page.waitForURL(/[?&]gameweek=29\b/);
  await page.getByRole('heading', { name: 'Gameweek 29' }).waitFor();
  await expect(page.getByTestId('gameweek-state').textContent()).resolves.toBe('Played');
  await page.getByTestId('card-score').first().waitFor();
  await expect(page.locator('input[data-quick-entry]').count()).resolves.toBe(0);
  await expect(page.getByText('Full time').count()).resolves.toBe(10);
  // Back to the gameweek that takes predictions in one step.
  await page.getByRole('button', { name: 'Go to Gameweek 30, open for predictions' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-past-phone.png`, fullPage: true });
  // A deep link lands on its gameweek; a reload keeps it.
  await page.reload();
  await page.getByRole('heading', { name: 'Gameweek 29' }).waitFor();
  await page.getByRole('button', { name: 'Go to Gameweek 30, open for predictions' }).click();
  await expect.poll(() => page.getByLabel('Gameweek').inputValue()).toBe('30');
  await card(page, 'Liverpool')
    .getByRole('button', { name: /^Predict/ })
    .click();
  await page.getByRole('dialog', { name: 'Make Your Prediction' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-modal-phone.png` });
  await page.keyboard.press('Escape');
  // Links from before: navigation state for the old My Predictions tab, ?tab=my-predictions and
  // ?tab=results all land on the board; results on the gameweek of the latest result.
  await page.evaluate(() => {
    window.history.pushState({ usr: { activeTab: 'my-predictions' }, key: 'x', idx: 1 }, '', '/predictions');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await page.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  await page.goto('/predictions?tab=my-predictions');
  await page.waitForURL((u) => u.pathname === '/predictions' && !u.searchParams.has('tab'));
  await page.getByRole('heading', { name: 'Gameweek 30' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-my-predictions-phone.png`, fullPage: true });
  const latest = String(
    ((await (await ctx.request.get('/api/me/gameweeks/latest')).json()) as { gameweek: number }).gameweek,
  );
  await page.goto('/predictions?tab=results');
  await page.waitForURL((u) => u.searchParams.get('gameweek') === latest && !u.searchParams.has('tab'));
  await page.getByRole('link', { name: `Your Gameweek ${latest} summary` }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-results-phone.png`, fullPage: true });
  // A gameweek that does not exist says so, and the picker still steps back into the season.
  await page.goto('/predictions?gameweek=39');
  await page.getByText('Gameweek 39 has no matches.').waitFor();
  await page.getByRole('button', { name: 'Previous gameweek' }).click();
  await page.getByRole('heading', { name: 'Gameweek 38' }).waitFor();
  expect(errors).toEqual([]);
  await ctx.close();
});

test('the deadline passing under a focused score box keeps focus on its card, which says predictions closed', async () => {
  // The page follows the server's clock, which runs on from SCORELINE_NOW: the admin moves Sunday's
  // Crystal Palace v Leeds to kick off just over 2 hours from now, so its deadline passes during the test.
  const adminCtx = await signedIn(adminCookie);
  const now = Date.parse(
    ((await (await adminCtx.request.get(`${server.url}/api/dashboard`)).json()) as { dashboard: { now: string } })
      .dashboard.now,
  );
  const kickoff = new Date(Math.ceil((now + 2 * 3600_000 + 5_000) / 60_000) * 60_000);
  const palaceFixture = await handle.db
    .selectFrom('fixtures')
    .select('id')
    .where('seasonId', '=', '2025-26')
    .where('homeTeam', '=', 'Crystal Palace FC')
    .where('gameweek', '=', 30)
    .executeTakeFirstOrThrow();
  // March is GMT: the form's UK time is UTC.
  const moved = await adminCtx.request.put(`${server.url}/api/admin/fixtures/${palaceFixture.id}`, {
    data: {
      homeTeam: 'Crystal Palace FC',
      awayTeam: 'Leeds United FC',
      date: kickoff.toISOString().slice(0, 10),
      time: kickoff.toISOString().slice(11, 16),
    },
  });
  expect(moved.status()).toBe(200);
  await adminCtx.close();

  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions');
  const palace = card(page, 'Crystal Palace');
  const box = palace.locator('input[data-quick-entry]').first();
  await box.focus();
  await palace.getByText('Predictions closed').waitFor({ timeout: 75_000 });
  await expect(palace.locator('input').count()).resolves.toBe(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('fixture-card');
  await expect(palace.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  await palace.getByRole('status').filter({ hasText: 'Predictions for this match have closed' }).waitFor();
  expect(errors).toEqual([]);
  await ctx.close();
});
