import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, DESKTOP, PHONE, launchBrowser, signedInContext, watchPageErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

/**
 * Naming who goes through a knockout tie, in Chromium against the real server with its built-in
 * seasons. The clock is 12 July 2026: the World Cup's semi-finals, third-place play-off and final
 * are still to be played. A player predicts the final a draw and names the team that wins it,
 * then a winner (whose name goes through without asking), and the card's quick entry keeps the
 * team named when the score changes to another draw.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const NOW = '2026-07-12T12:00:00.000Z';
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';

let server: RunningServer;
let browser: Browser;
let handle: DatabaseHandle;
let cookie: string;
let userId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SCORELINE_NOW: NOW, AUTH_SECRET: SECRET }), launchBrowser()]);
  handle = openDatabase(server.databaseUrl);
  const player = await buildUser(handle.db, 'sqlite', { teamName: 'Sweepstake Sam' });
  userId = player.id;
  cookie = await buildSessionCookie(handle.db, 'sqlite', player.id, SECRET);
});
afterAll(async () => {
  await handle?.close();
  await browser?.close();
  await server?.stop();
});

const card = (page: Page, team: string) => page.getByTestId('fixture-card').filter({ hasText: team });
const storedFinal = () =>
  handle.db
    .selectFrom('predictions')
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .select(['predictions.homeScore', 'predictions.awayScore', 'predictions.qualifier'])
    .where('predictions.userId', '=', userId)
    .where('fixtures.seasonId', '=', 'world-cup-2026')
    .where('fixtures.stage', '=', 'final')
    .executeTakeFirst();

test('a World Cup final predicted a draw names who goes through; a winner goes through by itself', async () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await signedInContext(browser, server.url, cookie, { viewport });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/predictions?season=world-cup-2026&gameweek=23');
    const final = card(page, 'Argentina');
    await final.waitFor();
    await final.getByRole('button', { name: /^(Predict|Edit)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Your Prediction' });
    await dialog.waitFor();
    const through = dialog.getByRole('group', { name: 'Who goes through?' });
    await dialog.getByRole('textbox', { name: 'Spain' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Argentina' }).fill('1');
    await through.getByText('A draw after 90 minutes: who wins it in extra time or on penalties?').waitFor();
    await through.getByRole('radio', { name: 'Argentina' }).check();
    await page.screenshot({ path: path.join(SHOTS, `qualifier-modal-draw-${size}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /Save Prediction|Update Prediction/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await final.getByText('Argentina to go through').waitFor();
    expect(await storedFinal()).toEqual({ homeScore: 1, awayScore: 1, qualifier: 'away' });

    // Edited to a winner: that team goes through, shown and not asked.
    await final.getByRole('button', { name: /^Edit/ }).click();
    await dialog.waitFor();
    await expect(through.getByRole('radio', { name: 'Argentina' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Spain' }).fill('2');
    await through.getByText('Your predicted winner goes through.').waitFor();
    await expect(through.getByRole('radio', { name: 'Spain' }).isChecked()).resolves.toBe(true);
    await expect(through.getByRole('radio', { name: 'Argentina' }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `qualifier-modal-winner-${size}.png`) });
    await dialog.getByRole('button', { name: 'Update Prediction' }).click();
    await dialog.waitFor({ state: 'detached' });
    await final.getByText('Spain to go through').waitFor();
    expect(await storedFinal()).toEqual({ homeScore: 2, awayScore: 1, qualifier: null });

    // Back to a draw naming Argentina; then the card's own boxes change it to 0-0: Argentina stay named.
    await final.getByRole('button', { name: /^Edit/ }).click();
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Spain' }).fill('1');
    await through.getByRole('radio', { name: 'Argentina' }).check();
    await dialog.getByRole('button', { name: 'Update Prediction' }).click();
    await dialog.waitFor({ state: 'detached' });
    await final.getByText('Argentina to go through').waitFor();
    await final.getByRole('textbox', { name: 'Spain goals' }).fill('0');
    await final.getByRole('textbox', { name: 'Argentina goals' }).fill('0');
    await final.getByRole('textbox', { name: 'Argentina goals' }).press('Enter');
    await final.getByText('Your prediction: 0 - 0').waitFor();
    await expect.poll(storedFinal).toEqual({ homeScore: 0, awayScore: 0, qualifier: 'away' });
    await final.getByText('Argentina to go through').waitFor();

    // Every knockout match still to play asks: a semi-final too.
    await page.goto('/predictions?season=world-cup-2026&gameweek=21');
    await card(page, 'France')
      .getByRole('button', { name: /^Predict/ })
      .click();
    await dialog.waitFor();
    await expect(dialog.getByRole('group', { name: 'Who goes through?' }).count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    await context.close();
  }
});
