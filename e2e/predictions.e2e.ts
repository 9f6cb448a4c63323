import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, watchPageErrors } from './support/browser.js';
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

async function signedIn(cookie: string, viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await newContext(browser, server.url, viewport);
  const [name, ...rest] = cookie.split('=');
  await ctx.addCookies([{ name: name!, value: rest.join('='), url: server.url }]);
  return ctx;
}

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

  // Upcoming tab: the current gameweek (30) with its cards in the home clubs' colours.
  await expect(page.getByRole('tab', { name: 'Upcoming Matches' }).getAttribute('aria-selected')).resolves.toBe('true');
  await card(page, 'Arsenal').waitFor();
  await expect(page.getByLabel('Gameweek').inputValue()).resolves.toBe('30');
  await expect(page.getByRole('button', { name: 'Home Team Colours: ON' }).isVisible()).resolves.toBe(true);
  await page.screenshot({ path: `${SHOTS}/issue4-upcoming-desktop.png`, fullPage: true });

  // 1. Typing: letters are blocked, digits go in, at most two.
  await card(page, 'Arsenal').getByRole('button', { name: /^Predict/ }).click();
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
  await card(page, 'Chelsea').getByRole('button', { name: /^Predict/ }).click();
  await dialog.waitFor();
  await pasteInto(page, 'dialog input >> nth=0', ' 0 : 1 ');
  await expect(dialog.getByRole('textbox', { name: 'Chelsea' }).inputValue()).resolves.toBe('0');
  await expect(dialog.getByRole('textbox', { name: 'Newcastle' }).inputValue()).resolves.toBe('1');
  await dialog.getByRole('button', { name: 'Save Prediction' }).click();
  await card(page, 'Chelsea').getByText('Your prediction: 0 - 1').waitFor();

  // 3. A third match, typed; a single pasted number fills only its field.
  await card(page, 'West Ham').getByRole('button', { name: /^Predict/ }).click();
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

  // A 15:00 match is inside its 2-hour deadline: the deadline modal opens instead of the editor.
  await card(page, 'Sunderland').getByRole('button', { name: /^Predict/ }).click();
  const deadline = page.getByRole('dialog', { name: 'Prediction Deadline Passed' });
  await deadline.waitFor();
  await expect(deadline.getByText('Sorry, predictions for this match are no longer allowed. The deadline is 2 hours before kick-off.').isVisible()).resolves.toBe(true);
  await page.screenshot({ path: `${SHOTS}/issue4-deadline-desktop.png` });
  await deadline.getByRole('button', { name: 'Understood' }).click();
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);

  // The server refuses a late save even when the page allowed it.
  const late = await page.evaluate(async (id) => {
    const res = await fetch(`/api/predictions/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ homeScore: 1, awayScore: 0 }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
  }, 'SunderlandAFC_vs_Brighton&HoveAlbionFC_2026-03-14');
  expect(late).toEqual({ status: 409, body: { error: { code: 'deadline_passed', message: expect.stringContaining('2 hours before kick-off') } } });

  // My Predictions: newest first, all pending.
  await page.getByRole('tab', { name: 'My Predictions' }).click();
  await expect(page.url()).toContain('tab=my-predictions');
  const mine = page.getByTestId('my-prediction');
  await expect.poll(() => mine.count()).toBe(3);
  await expect(mine.nth(0).textContent()).resolves.toContain('Arsenal');
  await expect(page.getByText('Result pending...', { exact: true }).count()).resolves.toBe(3);

  // The admin enters results in another browser.
  const adminCtx = await signedIn(adminCookie);
  const admin = await adminCtx.newPage();
  await admin.goto('/predictions?tab=results');
  await admin.getByRole('heading', { name: 'Update Match Results (Admin)' }).waitFor();
  const enter = async (home: string, away: string, h: string, a: string) => {
    await admin.getByLabel(`${home} score`).fill(h);
    await admin.getByLabel(`${away} score`).fill(a);
    await admin.getByRole('button', { name: `Save result: ${home} v ${away}` }).click();
    await admin.getByTestId('admin-result-row').filter({ hasText: `Saved result: ${h} - ${a}` }).filter({ hasText: home }).waitFor();
  };
  // A result is a fact after the whistle: before kick-off the save is refused and the row says why.
  await admin.getByLabel('Arsenal score').fill('3');
  await admin.getByLabel('Everton score').fill('0');
  await admin.getByRole('button', { name: 'Save result: Arsenal v Everton' }).click();
  await admin.getByTestId('admin-result-row').filter({ hasText: 'Arsenal' }).getByText("This match hasn't kicked off yet. Its final result can be saved once it has started.").waitFor();
  // Then the three matches are played. The server's clock runs on in real time, so rather than wait
  // until the evening, their kick-offs move to an hour ago (written directly, as time passing would).
  const played = ['Arsenal FC', 'Chelsea FC', 'West Ham United FC'];
  const kickoffs = await handle.db.selectFrom('fixtures').select(['id', 'kickoffAt']).where('seasonId', '=', '2025-26').where('gameweek', '=', 30).where('homeTeam', 'in', played).execute();
  await handle.db.updateTable('fixtures').set({ kickoffAt: '2026-03-14T12:30:00.000Z' }).where('seasonId', '=', '2025-26').where('gameweek', '=', 30).where('homeTeam', 'in', played).execute();
  await enter('Arsenal', 'Everton', '3', '0'); // exact
  await enter('Chelsea', 'Newcastle United', '2', '0'); // wrong
  await enter('West Ham United', 'Manchester City', '2', '2'); // right outcome
  await admin.screenshot({ path: `${SHOTS}/issue4-admin-results-desktop.png`, fullPage: true });

  // The player's My Predictions updates without a reload.
  // They kicked off, so they are past matches now.
  await page.getByRole('button', { name: 'Past' }).click();
  await page.locator('[data-outcome="exact"]').waitFor();
  await page.locator('[data-outcome="wrong"]').waitFor();
  await page.locator('[data-outcome="outcome"]').waitFor();
  await expect(mine.filter({ hasText: 'Arsenal' }).textContent()).resolves.toContain('Exact score! +3 points');
  await expect(mine.filter({ hasText: 'Arsenal' }).textContent()).resolves.toContain('Actual score: 3 - 0');
  await expect(mine.filter({ hasText: 'Chelsea' }).textContent()).resolves.toContain('Wrong prediction. 0 points');
  await expect(mine.filter({ hasText: 'West Ham' }).textContent()).resolves.toContain('Correct result! +1 point');
  await page.screenshot({ path: `${SHOTS}/issue4-my-predictions-desktop.png`, fullPage: true });

  // Results tab: scores, comparisons, and the matches without a pick.
  await page.getByRole('tab', { name: 'Results' }).click();
  const results = page.getByTestId('result-card');
  await expect.poll(() => results.count()).toBe(10);
  await expect(results.filter({ hasText: 'Arsenal' }).textContent()).resolves.toContain('3 - 0');
  await expect.poll(() => page.getByText('You did not make a prediction for this match.').count()).toBe(7);
  await expect.poll(() => page.getByText('Result Pending', { exact: true }).count()).toBe(7);

  // A correction by the admin replaces the player's points live.
  await admin.getByLabel('Arsenal score').fill('1');
  await admin.getByLabel('Everton score').fill('0');
  await admin.getByRole('button', { name: 'Save result: Arsenal v Everton' }).click();
  await results.filter({ hasText: 'Arsenal' }).getByText('Correct result! +1 point').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-results-desktop.png`, fullPage: true });
  // The evening kick-offs again, for the next test (their results stay).
  for (const k of kickoffs) await handle.db.updateTable('fixtures').set({ kickoffAt: k.kickoffAt }).where('id', '=', k.id).execute();

  expect(errors).toEqual([]);
  await adminCtx.close();
  await playerCtx.close();
});

test('the screen on a phone, and Home Team Colours OFF', async () => {
  const ctx = await signedIn(playerCookie, PHONE);
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions', {});
  await card(page, 'Arsenal').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-upcoming-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Home Team Colours: ON' }).click();
  await page.getByRole('button', { name: 'Home Team Colours: OFF' }).waitFor();
  await page.getByRole('button', { name: 'Past' }).click();
  await page.getByRole('tab', { name: 'Past Matches' }).waitFor();
  await expect(page.getByText('No past matches found for Gameweek 30.').isVisible()).resolves.toBe(true);
  await page.getByLabel('Gameweek').selectOption('29');
  await card(page, 'Arsenal').first().waitFor().catch(() => {});
  await page.screenshot({ path: `${SHOTS}/issue4-past-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Upcoming' }).click();
  await page.getByLabel('Gameweek').selectOption('30');
  await card(page, 'Liverpool').getByRole('button', { name: /^Predict/ }).click();
  await page.getByRole('dialog', { name: 'Make Your Prediction' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-modal-phone.png` });
  await page.keyboard.press('Escape');
  // Arriving with navigation state activeTab = my-predictions opens that tab.
  await page.evaluate(() => {
    window.history.pushState({ usr: { activeTab: 'my-predictions' }, key: 'x', idx: 1 }, '', '/predictions');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await page.getByRole('tab', { name: 'My Predictions', selected: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-my-predictions-phone.png`, fullPage: true });
  await page.goto('/predictions?tab=results');
  await page.getByTestId('result-card').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/issue4-results-phone.png`, fullPage: true });
  expect(errors).toEqual([]);
  await ctx.close();
});
