import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors, signedInContext, axeViolations, SERIOUS_WCAG21 } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { displayTeamName } from '../src/game/clubs.js';

/**
 * Score entry typed as a person types, in Chromium against the real server: the saved pick is
 * always what the boxes show (decision 0039). The clock is Monday 23 November 2026, five days
 * before the first kick-off of a gameweek, so whichever gameweek the page opens on, its matches
 * are open. Quick-entry groups are found by their accessible names ("Your prediction: X v Y"),
 * their boxes by their labels ("<club> goals"); what was saved is read back from the API and
 * through a reload. On the phone (touch, a numeric keypad) digits arrive as insertText, the way
 * a phone keyboard sends them, with no key events.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-11-23T10:00:00.000Z';
/** Saves go after a short pause or when focus leaves a match: polls get a generous ceiling (not a duration under test). */
const POLL = { timeout: 10_000 };
const SIZES = [
  { size: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
  { size: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;
type Size = (typeof SIZES)[number];

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let players = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(s: Size): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const user = await buildUser(handle.db, 'sqlite', { teamName: `Typist ${++players}` });
  const cookie = await buildSessionCookie(handle.db, 'sqlite', user.id, SECRET);
  const ctx = await signedInContext(browser, server.url, cookie, {
    viewport: s.viewport,
    isMobile: s.phone,
    hasTouch: s.phone,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/predictions');
  await groups(page).first().waitFor();
  return { ctx, page, errors };
}

const groups = (page: Page) => page.getByRole('group', { name: /^Your prediction: / });
const boxes = (group: Locator) => group.getByRole('textbox', { name: / goals$/ });
const homeBox = (group: Locator) => boxes(group).nth(0);
const awayBox = (group: Locator) => boxes(group).nth(1);

async function shows(group: Locator): Promise<string> {
  return `${await homeBox(group).inputValue()}-${await awayBox(group).inputValue()}`;
}

/** The player's saved picks by the name of their quick-entry group, from the API. */
async function saved(page: Page): Promise<Map<string, string>> {
  const res = await page.request.get('/api/predictions');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    predictions: Array<{
      fixture: { homeTeam: string; awayTeam: string };
      prediction: { homeScore: number; awayScore: number };
    }>;
  };
  return new Map(
    body.predictions.map((p) => [
      `Your prediction: ${displayTeamName(p.fixture.homeTeam)} v ${displayTeamName(p.fixture.awayTeam)}`,
      `${p.prediction.homeScore}-${p.prediction.awayScore}`,
    ]),
  );
}

async function groupName(group: Locator): Promise<string> {
  return (await group.getAttribute('aria-label'))!;
}

/** The pick saved for this match (undefined: none). */
async function savedFor(page: Page, group: Locator): Promise<string | undefined> {
  return (await saved(page)).get(await groupName(group));
}

/** Waits until the server holds `pair` for the match and its card shows it (and says Saved, when saved from the card). */
async function expectSaved(page: Page, group: Locator, pair: string, from: 'card' | 'modal' = 'card') {
  await expect.poll(() => savedFor(page, group), POLL).toBe(pair);
  if (from === 'card') await group.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await expect.poll(() => shows(group), POLL).toBe(pair);
}

const isFocused = (box: Locator) => box.evaluate((el) => el === document.activeElement);

async function expectFocused(box: Locator) {
  await expect.poll(() => isFocused(box), POLL).toBe(true);
}

/** What is selected in the focused box, as [start, end]. */
const focusedSelection = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement;
    return [el.selectionStart, el.selectionEnd];
  });

/** A tap on a phone, a click on a desktop. */
async function pointAt(s: Size, target: Locator) {
  if (s.phone) await target.tap();
  else await target.click();
}

/** One digit as the device sends it: a key press on a keyboard, insertText from a phone's keypad. */
async function type(s: Size, page: Page, digits: string) {
  for (const d of digits) {
    if (s.phone) await page.keyboard.insertText(d);
    else await page.keyboard.press(d);
  }
}

/** Back to a box from where focus is, as a keyboard user does (Shift+Tab until there); a phone user taps it. */
async function backTo(s: Size, page: Page, box: Locator) {
  if (s.phone) {
    await box.tap();
  } else {
    for (let i = 0; i < 12 && !(await isFocused(box)); i++) await page.keyboard.press('Shift+Tab');
  }
  await expectFocused(box);
}

async function paste(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
}

describe('score entry: what is saved is what the boxes show', () => {
  for (const s of SIZES) {
    test(`correcting a saved pick replaces it, and the last box of the board never grows a second digit (${s.size})`, async () => {
      const { ctx, page, errors } = await signedIn(s);
      const all = groups(page);
      const count = await all.count();
      expect(count).toBeGreaterThan(3);
      const [first, second, last] = [all.nth(0), all.nth(1), all.nth(count - 1)];

      // Two digits, one a side: saved 2-1, focus on the next match.
      await pointAt(s, homeBox(first));
      await type(s, page, '21');
      await expectFocused(homeBox(second));
      await expectSaved(page, first, '2-1');

      // Back to the home box: its 2 is selected; 2 then 0 makes it 2-0 (it used to save 20-2).
      await backTo(s, page, homeBox(first));
      expect(await focusedSelection(page)).toEqual([0, 1]);
      await type(s, page, '20');
      await expectFocused(homeBox(second));
      await expectSaved(page, first, '2-0');

      // Home 0, retyped 0 then 1: 0-1 (it used to save 1-11); retyping the same digit moves on too.
      await type(s, page, '01');
      await expectSaved(page, second, '0-1');
      await backTo(s, page, homeBox(second));
      await type(s, page, '01');
      await expectFocused(homeBox(all.nth(2)));
      await expectSaved(page, second, '0-1');
      await backTo(s, page, homeBox(second));
      await type(s, page, '11');
      await expectSaved(page, second, '1-1');

      // The last match of the board: focus stays in its away box, selected, so one more digit
      // replaces the score instead of making 0-11.
      await pointAt(s, homeBox(last));
      await type(s, page, '01');
      await expectFocused(awayBox(last));
      expect(await focusedSelection(page)).toEqual([0, 1]);
      await expectSaved(page, last, '0-1');
      await type(s, page, '1');
      expect(await shows(last)).toBe('0-1');
      await type(s, page, '3');
      expect(await shows(last)).toBe('0-3');
      await expectSaved(page, last, '0-3');

      // Through a reload, the boxes show exactly what was saved.
      await page.reload();
      await groups(page).first().waitFor();
      const picks = await saved(page);
      for (const g of [first, second, last]) expect(await shows(g)).toBe(picks.get(await groupName(g)));
      expect(picks.get(await groupName(first))).toBe('2-0');
      expect(picks.get(await groupName(second))).toBe('1-1');
      expect(picks.get(await groupName(last))).toBe('0-3');
      expect(errors).toEqual([]);
      await ctx.close();
    });

    test(`every digit behaves the same: typed into a filled box it replaces it and moves on (${s.size})`, async () => {
      const { ctx, page } = await signedIn(s);
      const all = groups(page);
      const count = Math.min(await all.count(), 10);
      // Each match gets a digit twice (0-0, 1-1 … 9-9), then the same boxes are retyped with other digits.
      await pointAt(s, homeBox(all.nth(0)));
      for (let i = 0; i < count; i++) await type(s, page, `${i}${i}`);
      for (let i = 0; i < count; i++) await expectSaved(page, all.nth(i), `${i}-${i}`);
      await pointAt(s, homeBox(all.nth(0)));
      for (let i = 0; i < count; i++) await type(s, page, `${9 - i}${i % 3}`);
      for (let i = 0; i < count; i++) await expectSaved(page, all.nth(i), `${9 - i}-${i % 3}`);
      await page.reload();
      await groups(page).first().waitFor();
      for (let i = 0; i < count; i++) expect(await shows(all.nth(i))).toBe(`${9 - i}-${i % 3}`);
      await ctx.close();
    });

    test(`double figures need a deliberate act and are shown, not saved, until confirmed (${s.size})`, async () => {
      const { ctx, page, errors } = await signedIn(s);
      const all = groups(page);
      const [first, second] = [all.nth(0), all.nth(1)];
      await pointAt(s, homeBox(first));
      await type(s, page, '10');
      // 1 then 0 is one digit a side, never ten.
      await expectSaved(page, first, '1-0');

      // The + button, step by step, to 10: shown, and the card asks before saving it.
      const increase = first.getByRole('button', { name: /^Increase .+ goals$/ }).first();
      for (let i = 0; i < 9; i++) await pointAt(s, increase);
      expect(await shows(first)).toBe('10-0');
      await first.getByRole('status').filter({ hasText: 'Double figures: not saved yet.' }).waitFor();
      const confirm = first.getByRole('button', { name: 'Save 10–0' });
      await confirm.waitFor();
      // Leaving the match does not save it either.
      await pointAt(s, homeBox(second));
      // (A step on the way may have been saved; ten never is without the answer.)
      expect(await savedFor(page, first)).not.toBe('10-0');
      expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
      await pointAt(s, confirm);
      await expectSaved(page, first, '10-0');

      if (!s.phone) {
        // From the keyboard: put the caret after a digit (End) and type the second one.
        await homeBox(second).focus();
        await type(s, page, '12');
        await expectSaved(page, second, '1-2');
        await backTo(s, page, homeBox(second));
        await page.keyboard.press('End');
        await type(s, page, '2');
        // 12 stays in its box, selected, with the question; Enter says yes.
        await expectFocused(homeBox(second));
        expect(await focusedSelection(page)).toEqual([0, 2]);
        expect(await shows(second)).toBe('12-2');
        await second.getByRole('button', { name: 'Save 12–2' }).waitFor();
        expect(await savedFor(page, second)).toBe('1-2');
        await page.keyboard.press('Enter');
        await expectSaved(page, second, '12-2');
        // A digit typed over a selected double figure replaces it and moves on.
        await type(s, page, '3');
        await expectFocused(awayBox(second));
        await expectSaved(page, second, '3-2');
        // The arrow keys step, like + and −.
        await backTo(s, page, homeBox(second));
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowDown');
        expect(await shows(second)).toBe('4-2');
        await expectSaved(page, second, '4-2');
        // After a step the box is selected: a typed digit replaces the stepped score.
        await type(s, page, '1');
        await expectSaved(page, second, '1-2');
      } else {
        // − goes back down; a score under ten saves by itself again.
        await pointAt(s, first.getByRole('button', { name: /^Decrease .+ goals$/ }).first());
        await expectSaved(page, first, '9-0');
      }

      await page.reload();
      await groups(page).first().waitFor();
      const picks = await saved(page);
      expect(await shows(first)).toBe(picks.get(await groupName(first)));
      expect(await shows(second)).toBe(picks.get(await groupName(second)) ?? '-');
      expect(errors).toEqual([]);
      await ctx.close();
    });

    test(`pasted and phone-keyboard text fills a match as if typed, and an emptied box keeps the saved pick (${s.size})`, async () => {
      const { ctx, page, errors } = await signedIn(s);
      const all = groups(page);
      const [a, b, c, d] = [all.nth(0), all.nth(1), all.nth(2), all.nth(3)];

      await pointAt(s, homeBox(a));
      await paste(page, '2-1');
      await expectFocused(homeBox(b));
      await expectSaved(page, a, '2-1');
      // Into the away box: still home then away.
      await pointAt(s, awayBox(b));
      await paste(page, '2 1');
      await expectSaved(page, b, '2-1');
      // A bare "21" reads as typed: 2-1, not twenty-one.
      await pointAt(s, homeBox(c));
      await paste(page, '21');
      await expectSaved(page, c, '2-1');
      // A phone keyboard's suggestion or dictation arrives as one insertText.
      await pointAt(s, homeBox(d));
      await page.keyboard.insertText('3 0');
      await expectSaved(page, d, '3-0');

      // Text that is no score changes nothing, and says so.
      await pointAt(s, homeBox(a));
      await paste(page, 'Arsenal 25 Chelsea 1');
      await a.getByRole('status').filter({ hasText: 'Not a score: paste one such as 2-1.' }).waitFor();
      expect(await shows(a)).toBe('2-1');
      // A double-figure paste needs its separator, and the same confirmation.
      await paste(page, '10 - 3');
      expect(await shows(a)).toBe('10-3');
      await a.getByRole('button', { name: 'Save 10–3' }).waitFor();
      expect(await savedFor(page, a)).toBe('2-1');
      await type(s, page, '4');
      await expectSaved(page, a, '4-3');

      // Backspace empties a box: the saved pick stays, says the card, and comes back on leaving.
      await pointAt(s, homeBox(b));
      await page.keyboard.press('Backspace');
      expect(await shows(b)).toBe('-1');
      await b
        .getByRole('status')
        .filter({ hasText: 'Your prediction stays 2–1 until both scores are filled.' })
        .waitFor();
      await pointAt(s, homeBox(c));
      await expect.poll(() => shows(b), POLL).toBe('2-1');
      expect(await savedFor(page, b)).toBe('2-1');
      // Emptied, then a digit: it fills the box and moves on.
      await pointAt(s, awayBox(c));
      await page.keyboard.press('Backspace');
      await type(s, page, '0');
      await expectFocused(homeBox(d));
      await expectSaved(page, c, '2-0');

      await page.reload();
      await groups(page).first().waitFor();
      const picks = await saved(page);
      for (const g of [a, b, c, d]) expect(await shows(g)).toBe(picks.get(await groupName(g)));
      expect(errors).toEqual([]);
      await ctx.close();
    });

    test(`the "Make Your Prediction" modal has the same boxes: digit, digit, Enter (${s.size})`, async () => {
      const { ctx, page, errors } = await signedIn(s);
      const open = async (n: number) => {
        const button = page.getByRole('button', { name: /^(Predict|Edit): / }).nth(n);
        const [, home, away] = /^(?:Predict|Edit): (.+) v (.+)$/.exec((await button.getAttribute('aria-label'))!)!;
        await pointAt(s, button);
        const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
        await dialog.waitFor();
        return {
          dialog,
          group: page.getByRole('group', {
            name: `Your prediction: ${displayTeamName(home!)} v ${displayTeamName(away!)}`,
            exact: true,
          }),
        };
      };
      const fields = (dialog: Locator) => dialog.getByRole('textbox');

      // A new pick: focus starts in the home box; each digit moves on, the last to Save.
      let { dialog, group } = await open(2);
      await expectFocused(fields(dialog).nth(0));
      await type(s, page, '32');
      await expectFocused(dialog.getByRole('button', { name: 'Save Prediction' }));
      expect([await fields(dialog).nth(0).inputValue(), await fields(dialog).nth(1).inputValue()]).toEqual(['3', '2']);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expectSaved(page, group, '3-2', 'modal');

      // Retyping the same digits over the saved pick gives the same pick, never 33-2.
      ({ dialog, group } = await open(2));
      expect(await focusedSelection(page)).toEqual([0, 1]);
      await type(s, page, '33');
      await expectFocused(dialog.getByRole('button', { name: 'Update Prediction' }));
      expect([await fields(dialog).nth(0).inputValue(), await fields(dialog).nth(1).inputValue()]).toEqual(['3', '3']);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expectSaved(page, group, '3-3', 'modal');

      // + to double figures in the modal: shown with a note, saved by the button.
      ({ dialog, group } = await open(2));
      const increase = dialog.getByRole('button', { name: /^Increase .+ goals$/ }).first();
      for (let i = 0; i < 8; i++) await pointAt(s, increase);
      expect(await fields(dialog).nth(0).inputValue()).toBe('11');
      await dialog.getByText('Double figures: check the score before you save it.').waitFor();
      expect(await axeViolations(page, SERIOUS_WCAG21)).toEqual([]);
      await pointAt(s, dialog.getByRole('button', { name: 'Update Prediction' }));
      await dialog.waitFor({ state: 'detached' });
      await expectSaved(page, group, '11-3', 'modal');

      // A pasted pair fills both and moves to Save.
      ({ dialog, group } = await open(3));
      await paste(page, '1-1');
      await expectFocused(dialog.getByRole('button', { name: 'Save Prediction' }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expectSaved(page, group, '1-1', 'modal');

      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
