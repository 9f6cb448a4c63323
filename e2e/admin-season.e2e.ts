import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchPageErrors, signedInContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { displayTeamName } from '../src/game/clubs.js';
import { builtInSeasonFixtures } from '../src/server/seasons/builtin.js';
import { buildCompetitionSeason, buildKnockoutFixture } from '../src/server/test/knockout-world.js';

/**
 * The admin runs the season through the UI: import with progress, filter, add, edit and delete a
 * fixture, edit a gameweek; a player's open Predictions screen follows the fixture changes live.
 * The same form in the World Cup: its name, its clock (UTC), and the teams of the final filled in
 * one side at a time once they are known (decision 0119).
 */
const AUTH_SECRET = crypto.randomBytes(32).toString('hex');
let server: RunningServer;
let browser: Browser;
let adminCookie: string;
let playerCookie: string;
let playerId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      AUTH_SECRET,
      SEED_SEASON: 'false',
      SCORELINE_NOW: '2025-08-10T12:00:00Z',
      ADMIN_EMAILS: 'admin@example.com',
    }),
    launchBrowser(),
  ]);
  const handle = openDatabase(server.databaseUrl);
  try {
    const admin = await buildUser(handle.db, 'sqlite', { role: 'admin', email: 'admin@example.com' });
    const player = await buildUser(handle.db, 'sqlite', { role: 'player' });
    playerId = player.id;
    adminCookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, AUTH_SECRET);
    playerCookie = await buildSessionCookie(handle.db, 'sqlite', player.id, AUTH_SECRET);
    // The World Cup and Champions League seasons, there before the server first reads its seasons: the final's teams are not known yet.
    await buildCompetitionSeason(handle.db, 'world-cup-2026');
    await buildCompetitionSeason(handle.db, 'champions-league-2025-26');
    await buildKnockoutFixture(handle.db, {
      id: 'WC_FINAL',
      seasonId: 'world-cup-2026',
      home: { label: 'W101' },
      away: { label: 'W102' },
      kickoffAt: '2026-07-19T19:00:00.000Z',
      localDate: '2026-07-19',
      localTime: '15:00',
      gameweek: 23,
      stage: 'final',
      league: 'FIFA World Cup',
    });
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (cookie: string, viewport?: typeof PHONE): Promise<BrowserContext> =>
  signedInContext(browser, server.url, cookie, { viewport });

test('a player is refused on /admin and sent home', async () => {
  const ctx = await signedIn(playerCookie);
  const page = await ctx.newPage();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  await page.getByText("You don't have permission to access this page.").waitFor();
  await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  await page.waitForURL((u) => u.pathname === '/');
  await ctx.close();
});

test('the admin runs the season and a player’s board follows the fixture changes live', async () => {
  const adminCtx = await signedIn(adminCookie);
  const page = await adminCtx.newPage();
  const errors = watchPageErrors(page);
  // Hold the import after its first batch until the progress has been seen (and asserted) mid-way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let batches = 0;
  await page.route('**/api/admin/fixtures/import-season', async (route) => {
    if (++batches > 1) await held;
    await route.continue();
  });

  await page.goto('/admin');
  // Loaded (fixtures and gameweeks): the list opens on the current gameweek, and with nothing to
  // delete its delete button is disabled. ("Showing 0 of 0" is on screen while loading too, and
  // the button is named for the filter only once the gameweeks are in: wait for the loaded state.)
  await page.getByText('No fixtures yet. Import the season or add a fixture.').waitFor();
  await page.getByText('Showing 0 of 0 fixtures').waitFor();
  await expect(page.getByLabel('Filter by gameweek').inputValue()).resolves.toBe('1');
  await expect(page.getByRole('button', { name: 'Delete Gameweek 1' }).isDisabled()).resolves.toBe(true);

  // Import with one confirmation and visible progress.
  await page.getByRole('button', { name: 'Import All PL Fixtures' }).click();
  await page.getByRole('dialog', { name: 'Import All PL Fixtures' }).getByRole('button', { name: 'Import' }).click();
  const progress = page.getByTestId('import-progress');
  await progress.getByText(/Importing fixtures\.\.\. (40|80|120|160|200|240|280|320|360) \/ 380/).waitFor();
  release();
  await page.getByText('Successfully imported 380 Premier League fixtures!').waitFor();
  // The list opens on the current gameweek (1 on 10 August), not all 380 cards; all are one choice away.
  await page.getByText('Showing 10 of 380 fixtures').waitFor();
  await expect(page.getByLabel('Filter by gameweek').inputValue()).resolves.toBe('1');
  await page.getByLabel('Filter by gameweek').selectOption('all');
  await page.getByText('Showing 380 of 380 fixtures').waitFor();

  // Gameweek 1: its 10 fixtures, sorted by date then time.
  await page.getByLabel('Filter by gameweek').selectOption('1');
  await page.getByText('Showing 10 of 380 fixtures').waitFor();
  const expected = builtInSeasonFixtures()
    .filter((f) => f.gameweek === 1)
    .sort(
      (a, b) =>
        a.localDate.localeCompare(b.localDate) ||
        (a.localTime ?? '').localeCompare(b.localTime ?? '') ||
        a.id.localeCompare(b.id),
    )
    .map((f) => `${displayTeamName(f.homeTeam)} v ${displayTeamName(f.awayTeam)}`);
  const cards = page.getByTestId('fixture-card');
  await expect(cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).resolves.toEqual(expected);
  await expect(cards.first().getByTestId('fixture-time').textContent()).resolves.toBe('20:00');
  await expect(page.getByRole('button', { name: 'Delete Gameweek 1' }).isEnabled()).resolves.toBe(true);

  // Add a fixture: the away picker appears after the home team and leaves it out.
  await page.getByRole('button', { name: 'Add Single Fixture' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Fixture' });
  await expect(modal.getByLabel('Away Team').count()).resolves.toBe(0);
  await modal.getByLabel('Home Team').selectOption('Arsenal FC');
  await expect(
    modal
      .getByLabel('Away Team')
      .locator('option', { hasText: /^Arsenal$/ })
      .count(),
  ).resolves.toBe(0);
  await modal.getByLabel('Away Team').selectOption('Chelsea FC');
  await expect(modal.getByLabel('Match Date').getAttribute('min')).resolves.toBe('2025-08-10');
  await modal.getByLabel('Match Date').fill('2025-08-18');
  await expect(modal.getByRole('button', { name: 'Save Fixture' }).isDisabled()).resolves.toBe(true);
  await modal.getByLabel('Kick-off Time (UK time)').fill('19:45');
  await modal.getByRole('button', { name: 'Save Fixture' }).click();
  await page.getByText('Fixture added successfully!').waitFor();
  await page.getByText('Showing 11 of 381 fixtures').waitFor();
  const added = page.getByRole('listitem', { name: 'Arsenal v Chelsea' });
  await expect(added.getByTestId('fixture-time').textContent()).resolves.toBe('19:45');
  await expect(cards.nth(9).getAttribute('aria-label')).resolves.toBe('Arsenal v Chelsea');

  // Edit it.
  await page.getByRole('button', { name: 'Edit Arsenal v Chelsea' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Fixture' });
  await edit.getByLabel('Kick-off Time (UK time)').fill('17:00');
  await edit.getByRole('button', { name: 'Update Fixture' }).click();
  await page.getByText('Fixture updated successfully!').waitFor();
  await expect.poll(() => added.getByTestId('fixture-time').textContent()).toBe('17:00');
  // Admin messages clear after 5 seconds.
  await page.getByText('Fixture updated successfully!').waitFor({ state: 'detached', timeout: 8000 });

  // Delete it: the dialog says first what goes with it.
  const handle = openDatabase(server.databaseUrl);
  await handle.db
    .insertInto('predictions')
    .values({
      userId: playerId,
      fixtureId: 'ArsenalFC_vs_ChelseaFC_2025-08-18',
      homeScore: 2,
      awayScore: 1,
      predictedAt: '2025-08-10T12:00:00Z',
      points: null,
      outcome: null,
    })
    .execute();
  await handle.close();
  await page.getByRole('button', { name: 'Delete Arsenal v Chelsea' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Fixture' });
  await del.getByText('1 prediction and 0 results will be deleted with it.').waitFor();
  await del.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Fixture deleted successfully!').waitFor();
  await page.getByText('Showing 10 of 380 fixtures').waitFor();

  // A player has the Predictions screen open: on 10 August it opens on gameweek 1, whose matches take predictions.
  const playerCtx = await signedIn(playerCookie, PHONE);
  const playerPage = await playerCtx.newPage();
  await playerPage.goto('/predictions');
  const gwSelect = playerPage.getByLabel('Gameweek', { exact: true });
  await expect.poll(() => gwSelect.inputValue(), { timeout: 15_000 }).toBe('1');
  await expect.poll(() => gwSelect.locator('option').count(), { timeout: 15_000 }).toBe(38);
  await playerPage.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The admin moves gameweek 1 into the past.
  await page.getByRole('link', { name: 'Manage Gameweeks' }).click();
  await page.getByRole('heading', { name: 'Gameweek Management' }).waitFor();
  // Without the start-up seed no definitions are stored yet (the defaults apply): store them first.
  await expect(page.getByRole('button', { name: 'Add Gameweek 2' }).count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Initialize Gameweeks' }).click();
  await page.getByText('Default gameweek definitions initialized successfully!').waitFor();
  await expect(page.getByTestId('gameweek-row-1').getByTestId('gameweek-dates').textContent()).resolves.toBe(
    '15-08-2025 to 18-08-2025',
  );
  await expect(page.getByRole('button', { name: 'Initialize Gameweeks' }).count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Edit Gameweek 1', exact: true }).click();
  await page.getByLabel('Gameweek 1 start date').fill('2025-08-01');
  await page.getByLabel('Gameweek 1 end date').fill('2025-08-05');
  await page.getByRole('button', { name: 'Save Gameweek 1', exact: true }).click();
  await page.getByText('Gameweek 1 dates updated successfully!').waitFor();
  await expect(page.getByTestId('gameweek-row-1').getByTestId('gameweek-dates').textContent()).resolves.toBe(
    '01-08-2025 to 05-08-2025',
  );

  // The board opens by the matches still open for predictions, not by the calendar's dates: the
  // player's screen stays on gameweek 1, whose matches still take predictions.
  await expect(gwSelect.inputValue()).resolves.toBe('1');

  // Bulk delete by gameweek: a warning with the count, then a final confirmation.
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  await page.getByLabel('Filter by gameweek').selectOption('38');
  await page.getByText('Showing 10 of 380 fixtures').waitFor();
  await page.getByRole('button', { name: 'Delete Gameweek 38' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Gameweek 38' })
    .getByText('This will delete 10 fixtures in Gameweek 38')
    .waitFor();
  await page.getByRole('dialog', { name: 'Delete Gameweek 38' }).getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Are you absolutely sure?' })
    .getByRole('button', { name: 'Delete 10 fixtures' })
    .click();
  await page.getByText('Successfully deleted Gameweek 38 fixtures (10 fixtures)!').waitFor();
  await page.getByText('Showing 0 of 370 fixtures').waitFor();
  await expect(page.getByRole('button', { name: 'Delete Gameweek 38' }).isDisabled()).resolves.toBe(true);
  // Without a reload, the player's gameweek dropdown no longer offers gameweek 38.
  await expect.poll(() => gwSelect.locator('option').count(), { timeout: 5_000 }).toBe(37);
  await expect(playerPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(
    true,
  );

  expect(errors).toEqual([]);
  await playerCtx.close();
  await adminCtx.close();
});

test('the admin fills in the teams of the World Cup final, in the World Cup’s clock, on a phone and a desktop', async () => {
  const player = await signedIn(playerCookie, PHONE);
  const playerPage = await player.newPage();
  const pick = (page = playerPage) =>
    page.evaluate(async () => {
      const res = await fetch('/api/predictions/WC_FINAL', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ homeScore: 1, awayScore: 0 }),
      });
      return ((await res.json()) as { error?: { code: string } }).error?.code ?? 'saved';
    });
  await playerPage.goto('/');
  await expect(pick()).resolves.toBe('teams_not_known');

  for (const viewport of [PHONE, DESKTOP]) {
    const ctx = await signedIn(adminCookie, viewport);
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin?season=world-cup-2026');
    await page.getByText(/Add, edit, import and delete FIFA World Cup 2026/).waitFor();
    await page.getByLabel('Filter by gameweek').selectOption({ label: 'All Gameweeks' });
    const open = viewport === PHONE ? 'W101 v W102' : 'Spain v W102';
    await page.getByRole('button', { name: `Edit ${open}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Fixture' });
    await edit.getByTestId('fixture-competition').getByText('FIFA World Cup · Final').waitFor();
    // The World Cup's clock is UTC: the 15:00 venue kick-off (UTC-4) shows as 19:00.
    await expect(edit.getByLabel('Kick-off Time (UTC)').inputValue()).resolves.toBe('19:00');
    await expect(edit.getByLabel('Match Date').inputValue()).resolves.toBe('2026-07-19');
    if (viewport === PHONE) {
      await expect(edit.getByLabel('Home Team').locator('option:checked').textContent()).resolves.toBe(
        'Not known yet (W101)',
      );
      await edit.getByLabel('Home Team').selectOption('Spain');
      await edit.getByText('Opens for predictions once both teams are known.').waitFor();
      await expect(axeViolations(page)).resolves.toEqual([]);
      await edit.getByRole('button', { name: 'Update Fixture' }).click();
      await page.getByText('Fixture updated successfully!').waitFor();
      await page.getByRole('listitem', { name: 'Spain v W102' }).waitFor();
      await expect(pick()).resolves.toBe('teams_not_known');
    } else {
      await expect(edit.getByLabel('Home Team').inputValue()).resolves.toBe('Spain');
      // No past date: the earliest is today in the World Cup's clock (UTC), as the server says it.
      await expect(edit.getByLabel('Match Date').getAttribute('min')).resolves.toBe('2025-08-10');
      await edit.getByLabel('Away Team').selectOption('Argentina');
      await expect(edit.getByText('Opens for predictions once both teams are known.').count()).resolves.toBe(0);
      await edit.getByText('2026-07-19 · 19:00 UTC · FIFA World Cup').waitFor();
      await edit.getByRole('button', { name: 'Update Fixture' }).click();
      await page.getByText('Fixture updated successfully!').waitFor();
      await page.getByRole('listitem', { name: 'Spain v Argentina' }).waitFor();
      // Both teams known: the final opens for predictions.
      await expect(pick()).resolves.toBe('saved');
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }

  const check = openDatabase(server.databaseUrl);
  try {
    await expect(
      check.db
        .selectFrom('fixtures')
        .select(['homeTeam', 'awayTeam', 'homeLabel', 'awayLabel', 'kickoffAt', 'league'])
        .where('id', '=', 'WC_FINAL')
        .executeTakeFirst(),
    ).resolves.toEqual({
      homeTeam: 'Spain',
      awayTeam: 'Argentina',
      homeLabel: null,
      awayLabel: null,
      kickoffAt: '2026-07-19T19:00:00.000Z',
      league: 'FIFA World Cup',
    });
  } finally {
    await check.close();
  }
  await player.close();

  // A new Champions League fixture is typed in Paris time (CEST in May), stored as UTC.
  const ctx = await signedIn(adminCookie);
  const page = await ctx.newPage();
  await page.goto('/admin?season=champions-league-2025-26');
  await page.getByRole('button', { name: 'Add Single Fixture' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Fixture' });
  await add.getByTestId('fixture-competition').getByText('UEFA Champions League').waitFor();
  await add.getByLabel('Home Team').selectOption('Paris Saint-Germain FC');
  await add.getByLabel('Away Team').selectOption('Arsenal FC');
  await add.getByLabel('Match Date').fill('2026-05-30');
  await add.getByLabel('Kick-off Time (Paris time)').fill('18:00');
  await add.getByText('2026-05-30 · 18:00 Paris time (CEST) · UEFA Champions League').waitFor();
  await add.getByRole('button', { name: 'Save Fixture' }).click();
  await page.getByText('Fixture added successfully!').waitFor();
  const saved = openDatabase(server.databaseUrl);
  try {
    await expect(
      saved.db
        .selectFrom('fixtures')
        .select(['kickoffAt', 'league'])
        .where('seasonId', '=', 'champions-league-2025-26')
        .executeTakeFirst(),
    ).resolves.toEqual({ kickoffAt: '2026-05-30T16:00:00.000Z', league: 'UEFA Champions League' });
  } finally {
    await saved.close();
  }
  await ctx.close();
});
