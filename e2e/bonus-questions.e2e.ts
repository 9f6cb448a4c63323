import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  PHONE,
  watchPageErrors,
  signedInContext,
  axeViolations,
  SERIOUS_WCAG21,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../src/server/test/factories.js';

/**
 * Bonus questions in Chromium against the real server and its built-in 2025/26 season. Tuesday
 * 19 August 2025: the organiser (Alice, on a desktop) adds a question of her own and a champion
 * question; Bob (on a phone) answers them with the keyboard. The server comes back on Sunday 24
 * August, after both locks: they see each other's answers, Alice settles both, and the league
 * table shows the Bonus column. axe finds nothing serious on the way.
 */
const SECRET = crypto.randomBytes(32).toString('hex');
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const DESKTOP_WIDE = { width: 1440, height: 900 };
const LEAGUE = 'league-bonus-e2e';

let server: RunningServer;
let browser: Browser;
let alice: BuiltUser;
let bob: BuiltUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ SCORELINE_NOW: '2025-08-19T12:00:00.000Z', AUTH_SECRET: SECRET }),
    launchBrowser(),
  ]);
  const handle = openDatabase(server.databaseUrl);
  const db = handle.db;
  alice = await buildUser(db, 'sqlite', { teamName: 'Alice Allstars' });
  bob = await buildUser(db, 'sqlite', { teamName: 'Bob Ballers' });
  cookies.alice = await buildSessionCookie(db, 'sqlite', alice.id, SECRET);
  cookies.bob = await buildSessionCookie(db, 'sqlite', bob.id, SECRET);
  const at = '2025-08-18T10:00:00.000Z';
  await db
    .insertInto('leagues')
    .values({
      id: LEAGUE,
      name: 'Office League',
      code: 'BNSQE2EA',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: alice.id,
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: LEAGUE, userId: alice.id, joinedAt: at },
      { leagueId: LEAGUE, userId: bob.id, joinedAt: at },
    ])
    .execute();
  await handle.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page. */
async function pageAs(who: 'alice' | 'bob', viewport: { width: number; height: number }): Promise<Page> {
  return (await signedInContext(browser, server.url, cookies[who]!, { viewport })).newPage();
}

async function axe(page: Page, where: string): Promise<string[]> {
  // A toast fading in or out is measured mid-fade: audit the page once the messages have gone.
  await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), undefined, { timeout: 10_000 });
  const found = await axeViolations(page, SERIOUS_WCAG21);
  return found.map((v) => `${where}: ${v}`);
}

const section = (page: Page) => page.getByRole('region', { name: 'Bonus questions' });
const card = (page: Page, prompt: string | RegExp) => section(page).getByRole('article', { name: prompt });
const FREE = 'Will the Manchester derby have more than two goals?';

test(
  'the organiser asks, a member answers, the lock passes, the organiser settles, the table shows Bonus',
  { timeout: 240_000 },
  async () => {
    const problems: string[] = [];

    // 1. Alice, on a desktop, adds her own question: first refused with its reasons, then saved.
    const a = await pageAs('alice', DESKTOP_WIDE);
    const aliceErrors = watchPageErrors(a);
    await a.goto('/leaderboard');
    await section(a).getByText('No bonus questions yet.', { exact: false }).waitFor();
    await section(a).getByRole('button', { name: 'Add a Question' }).click();
    const dialog = a.getByRole('dialog', { name: 'Add a Bonus Question' });
    await dialog.getByLabel('Question about').waitFor();
    await expect(dialog.getByLabel('Question about').inputValue()).resolves.toBe('free');
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await dialog.getByText('Write the question.').waitFor();
    await dialog.getByText('Enter a lock date and time.').waitFor();
    expect(await dialog.getByText('An answer cannot be empty.').count()).toBe(2);
    await dialog.getByLabel('Question', { exact: true }).fill(FREE);
    await dialog.getByLabel('Answer 1').fill('Yes');
    await dialog.getByLabel('Answer 2').fill('yes');
    await dialog.getByRole('button', { name: 'Add an Answer' }).click();
    await dialog.getByLabel('Answer 3').fill('It gets postponed');
    await dialog.getByRole('button', { name: 'Add an Answer' }).click();
    await dialog.getByLabel('Answer 4').fill('Ask me later');
    await dialog.getByRole('button', { name: 'Remove answer 4' }).click();
    await expect(dialog.getByLabel('Answer 4').count()).resolves.toBe(0);
    await dialog.getByLabel('Answers close').fill('2025-08-23T12:00');
    await dialog.getByLabel('Points').fill('5');
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await dialog.getByText('Each answer must be different.').waitFor();
    await dialog.getByLabel('Answer 2').fill('No');
    await a.screenshot({ path: `${SHOTS}/bonus-add-desktop.png` });
    problems.push(...(await axe(a, 'add a question (desktop)')));
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await a.getByText('Question added. Members can answer it until it locks.').waitFor();
    await card(a, FREE).waitFor();
    await expect(card(a, FREE).textContent()).resolves.toContain('5 points');
    // Its answers are the three left, in order.
    expect(await card(a, FREE).locator('label').allTextContents()).toEqual(['Yes', 'No', 'It gets postponed']);

    // A champion question: its answers are the season's clubs.
    await section(a).getByRole('button', { name: 'Add a Question' }).click();
    await dialog.getByLabel('Question about').selectOption('champion');
    await dialog.getByLabel('Points').fill('10');
    await dialog.getByLabel('Answers close').fill('2025-08-22T20:00');
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await card(a, 'Who will be champions?').waitFor();
    problems.push(...(await axe(a, 'questions, organiser (desktop)')));

    // 2. Bob, on a phone, answers with the keyboard: arrows choose, Tab reaches the save button, Enter saves.
    const b = await pageAs('bob', PHONE);
    const bobErrors = watchPageErrors(b);
    await b.goto('/leaderboard');
    const free = card(b, FREE);
    await free.getByRole('radio', { name: 'Yes' }).focus();
    await b.keyboard.press('ArrowDown');
    await expect(free.getByRole('radio', { name: 'No' }).isChecked()).resolves.toBe(true);
    await b.keyboard.press('Tab');
    await expect(b.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toContain('Save Answer');
    await b.keyboard.press('Enter');
    await b.getByText('Answer saved: No.').waitFor();
    // The answer folds to one line; focus is on its Change button, which opens the choices again.
    await free.getByText('Your answer: No').waitFor();
    await expect(b.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toContain('Change Answer');
    const champion = card(b, 'Who will be champions?');
    await champion.getByRole('radio', { name: 'Chelsea FC' }).check();
    await champion.getByRole('button', { name: /Save Answer/ }).click();
    await champion.getByText('Your answer: Chelsea FC').waitFor();
    await champion.getByRole('button', { name: /Change Answer/ }).click();
    await expect(b.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked)).resolves.toBe(true);
    await champion.getByRole('radio', { name: 'Arsenal FC' }).check();
    await champion.getByRole('button', { name: /Save Answer/ }).click();
    await champion.getByText('Your answer: Arsenal FC').waitFor();
    await section(b).screenshot({ path: `${SHOTS}/bonus-answer-phone.png` });
    problems.push(...(await axe(b, 'answering (phone)')));

    // Before the lock Alice sees nothing of Bob's answers, not even that he answered: she may still
    // change the question, as before anyone did (decision 0101).
    await a.reload();
    await card(a, FREE).waitFor();
    await expect(section(a).getByText('How the league answered').count()).resolves.toBe(0);
    await expect(card(a, FREE).getByRole('button', { name: /^Edit/ }).count()).resolves.toBe(1);
    await a.context().close();
    await b.context().close();
    expect([...aliceErrors, ...bobErrors]).toEqual([]);

    // 3. Sunday 24 August: both questions have locked.
    await server.stop('SIGTERM', { keepData: true });
    server = await startServer(
      { SCORELINE_NOW: '2025-08-24T12:00:00.000Z', AUTH_SECRET: SECRET },
      { dataDir: server.dataDir },
    );
    const a2 = await pageAs('alice', DESKTOP_WIDE);
    await a2.goto('/leaderboard');
    const locked = card(a2, FREE);
    await locked.getByText('How the league answered (1 answer)').waitFor();
    await locked.getByRole('button', { name: /See everyone’s answers/ }).click();
    const answers = a2.getByRole('dialog', { name: 'Everyone’s answers' });
    await answers.getByRole('row', { name: /Bob Ballers No/ }).waitFor();
    await answers.screenshot({ path: `${SHOTS}/bonus-answers-desktop.png` });
    problems.push(...(await axe(a2, 'everyone’s answers (desktop)')));
    await answers.getByRole('button', { name: 'Close' }).click();

    // Alice settles her question ("No": the derby had two goals) and overrides the champion question by hand.
    await locked.getByRole('button', { name: /^Settle/ }).click();
    const settle = a2.getByRole('dialog', { name: 'Settle Question' });
    await settle.getByRole('checkbox', { name: 'No' }).check();
    await settle.screenshot({ path: `${SHOTS}/bonus-settle-desktop.png` });
    problems.push(...(await axe(a2, 'settle (desktop)')));
    await settle.getByRole('button', { name: 'Settle', exact: true }).click();
    await a2.getByText('Question settled. The points are in the table.').waitFor();
    await locked.getByText('Right answer: No').waitFor();
    await card(a2, 'Who will be champions?')
      .getByRole('button', { name: /^Settle/ })
      .click();
    await settle.getByRole('checkbox', { name: 'Arsenal FC' }).check();
    await settle.getByLabel('Note for members (optional)').fill('Settled early for the test of our patience.');
    await settle.getByRole('button', { name: 'Settle', exact: true }).click();
    await card(a2, 'Who will be champions?').getByText('“Settled early for the test of our patience.”').waitFor();

    // The table: a Bonus column, Bob on 15 with no match points.
    const table = a2.getByRole('table', { name: 'Overall standings' });
    await table.getByRole('columnheader', { name: 'Bonus' }).waitFor();
    await expect
      .poll(async () => (await table.getByRole('row', { name: /Bob Ballers/ }).textContent()) ?? '')
      .toMatch(/15\s*15$|15.*15/);
    await a2.getByRole('region', { name: 'Office League' }).screenshot({ path: `${SHOTS}/bonus-table-desktop.png` });
    await section(a2).screenshot({ path: `${SHOTS}/bonus-settled-desktop.png` });
    problems.push(...(await axe(a2, 'settled, organiser (desktop)')));

    // 4. Bob sees he was right, his points, and the Bonus column on his phone.
    const b2 = await pageAs('bob', PHONE);
    await b2.goto('/leaderboard');
    await card(b2, FREE).getByText('+5 points').waitFor();
    await card(b2, 'Who will be champions?').getByText('+10 points').waitFor();
    await b2.getByRole('table', { name: 'Overall standings' }).getByRole('columnheader', { name: 'Bonus' }).waitFor();
    await b2.getByRole('table', { name: 'Overall standings' }).screenshot({ path: `${SHOTS}/bonus-table-phone.png` });
    await section(b2).screenshot({ path: `${SHOTS}/bonus-settled-phone.png` });
    problems.push(...(await axe(b2, 'settled, member (phone)')));
    await a2.context().close();
    await b2.context().close();
    expect(problems).toEqual([]);
  },
);
