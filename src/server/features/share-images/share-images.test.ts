import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import { buildPrediction, buildResult } from '../../test/factories-game.js';
import { INVITE_INVALID } from '../../../contract/leagues.js';
import { ROUTE_LIMITS } from '../../security/limits.js';
import { resolveSeason } from '../../seasons/service.js';
import { inviteCard, summaryCard, tableCard } from './cards.js';
import { inviteCardOf, summaryCardOf, tableCardOf } from './card-inputs.js';
import { BUSY_MESSAGE, cardSvg, createCardDrawer } from './render.js';

/**
 * Share pictures (decision 0112) through the real app on SQLite and PostgreSQL: the invite page's
 * Open Graph tags, the invite picture (no more than the invite preview), a member's table card and
 * a player's own summary card, their limits. What a picture says is read back from the SVG of the
 * same layout with its texts kept as text (`embedFont: false`); the PNG is checked for its
 * signature, its size, and that different content gives a different picture.
 */
let t: TestApp;
let webDir: string;
let previousWebDir: string | undefined;
let alice: BuiltUser & { cookie: string };
let bob: BuiltUser & { cookie: string };
let carol: BuiltUser & { cookie: string };
let outsider: BuiltUser & { cookie: string };
let address = 0;
/** Each request from an address of its own, unless a test means to count one address's requests. */
const nextAddress = () => `10.88.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const LEAGUE = { id: 'share-league', name: 'Tom & Jerry\'s "Cup" <b>', code: 'SHARECDE' };

beforeAll(async () => {
  // The invite page is the built web app's shell with tags added: a shell of our own stands in for the build.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Scoreline</title></head><body><div id="root"></div></body></html>',
  );
  previousWebDir = process.env.SCORELINE_WEB_DIR;
  process.env.SCORELINE_WEB_DIR = webDir;
  t = await createTestApp({ now: '2025-08-31T18:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const player = async (overrides: Parameters<typeof buildUser>[2]) => {
    const u = await buildUser(db, handle.dialect, overrides);
    return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
  };
  alice = await player({ teamName: 'Alice Allstars', email: 'alice.secret@example.com', username: 'alice_login' });
  bob = await player({ teamName: 'Bob Ballers', email: 'bob.secret@example.com', username: 'bob_login' });
  carol = await player({ teamName: 'Carol Corner', username: 'carol_login' });
  outsider = await player({ teamName: 'Outsider Eleven' });
  await buildFixture(db, { id: 'F1', kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
  await buildFixture(db, {
    id: 'F2',
    kickoffAt: '2025-08-23T14:00:00.000Z',
    gameweek: 2,
    homeTeam: 'Liverpool FC',
    awayTeam: 'Everton FC',
  });
  await buildPrediction(db, { userId: alice.id, fixtureId: 'F1', homeScore: 1, awayScore: 0 });
  await buildPrediction(db, { userId: bob.id, fixtureId: 'F1', homeScore: 2, awayScore: 0 });
  await buildPrediction(db, { userId: bob.id, fixtureId: 'F2', homeScore: 2, awayScore: 2 });
  await buildResult(db, { fixtureId: 'F1', homeScore: 1, awayScore: 0 });
  await buildResult(db, { fixtureId: 'F2', homeScore: 2, awayScore: 2 });
  await db
    .insertInto('leagues')
    .values({
      ...LEAGUE,
      description: 'Only for the third floor',
      competition: 'premier-league',
      privacy: 'private',
      creatorId: alice.id,
      createdAt: '2025-08-01T00:00:00.000Z',
    })
    .execute();
  for (const [i, m] of [alice, bob, carol].entries())
    await db
      .insertInto('leagueMembers')
      .values({ leagueId: LEAGUE.id, userId: m.id, joinedAt: `2025-08-0${i + 1}T00:00:00.000Z` })
      .execute();
});
afterAll(async () => {
  await t?.close();
  if (previousWebDir === undefined) delete process.env.SCORELINE_WEB_DIR;
  else process.env.SCORELINE_WEB_DIR = previousWebDir;
  fs.rmSync(webDir, { recursive: true, force: true });
});

/**
 * What a card's SVG says, in reading order. Satori writes each word (and each mark of punctuation)
 * as its own `<text>` when fonts are not embedded; two pieces that touch on one line are one word,
 * a gap between them is a space.
 */
function svgWords(svg: string): string {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  let text = '';
  let end: { x: number; y: number } | null = null;
  for (const m of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) {
    const [x, y, width] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const touches = end !== null && end.y === y && Math.abs(end.x - x) < 0.5;
    text += (text && !touches ? ' ' : '') + decode(m[4]!);
    end = { x: x + width, y };
  }
  return text.replace(/\s+/g, ' ');
}

/** The PNG's width and height from its IHDR chunk, after checking its signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.request({ method: 'GET', url, cookie, headers, remoteAddress });
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

describe('an invite link unfurls with a picture of its league', () => {
  test('the page of a valid code has og:image pointing at the PNG of the league, absolute and escaped', async () => {
    const res = await get(`/join/${LEAGUE.code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<div id="root"></div>');
    const image = metaContent(html, 'og:image')!;
    expect(image).toMatch(/^http:\/\/localhost:3000\/api\/leagues\/invite\/SHARECDE\/image\.png\?v=[\w-]{12}$/);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:title')).toBe(
      'Join &quot;Tom &amp; Jerry&#39;s &quot;Cup&quot; &lt;b&gt;&quot; on Scoreline',
    );
    expect(metaContent(html, 'og:description')).toBe(
      'Alice Allstars invites you to their prediction league (3 members).',
    );
    // The tags sit in the head, and no raw markup of the name reaches the page.
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<b>');
    // Nothing the preview does not show: no other member, no e-mail, no login name, no description.
    for (const secret of ['Bob Ballers', 'Carol Corner', 'alice.secret', 'alice_login', 'third floor', LEAGUE.id])
      expect(html).not.toContain(secret);
    // The picture it names is there.
    const png = await get(new URL(image).pathname + new URL(image).search);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  test('an unknown or malformed code gets the site’s own tags and no picture', async () => {
    for (const code of ['ZZZZZZZZ', 'not-a-code', 'x'.repeat(90)]) {
      const res = await get(`/join/${code}`);
      expect(res.statusCode).toBe(200);
      expect(metaContent(res.body, 'og:title')).toBe('Join a league on Scoreline');
      expect(metaContent(res.body, 'og:image')).toBeUndefined();
      expect(metaContent(res.body, 'twitter:card')).toBe('summary');
    }
  });

  test("over an address's allowance the page is still the app, with the site's own tags", async () => {
    const from = nextAddress();
    const { max } = ROUTE_LIMITS.invitePagePerAddress;
    for (let i = 0; i < max; i++)
      expect(metaContent((await get(`/join/${LEAGUE.code}`, undefined, {}, from)).body, 'og:image')).toBeDefined();
    const over = await get(`/join/${LEAGUE.code}`, undefined, {}, from);
    expect(over.statusCode).toBe(200);
    expect(metaContent(over.body, 'og:image')).toBeUndefined();
  });

  test('the invite picture is a 1200×630 PNG, cached publicly by its content, and differs with the league', async () => {
    const res = await get(`/api/leagues/invite/${LEAGUE.code}/image.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(
      (await get(`/api/leagues/invite/${LEAGUE.code}/image.png`, undefined, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    // Another name, another picture (and another ETag).
    await t.app.deps.db.updateTable('leagues').set({ name: 'Renamed League' }).where('id', '=', LEAGUE.id).execute();
    const renamed = await get(`/api/leagues/invite/${LEAGUE.code}/image.png`);
    await t.app.deps.db.updateTable('leagues').set({ name: LEAGUE.name }).where('id', '=', LEAGUE.id).execute();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(Buffer.compare(renamed.rawPayload, res.rawPayload)).not.toBe(0);
  });

  test('an unknown code is the preview’s one 404, for the picture too', async () => {
    for (const code of ['ZZZZZZZZ', 'bad'])
      expect((await get(`/api/leagues/invite/${code}/image.png`)).json()).toEqual({
        error: { code: 'invite_invalid', message: INVITE_INVALID },
      });
  });

  test('the picture says the name, the organiser and the member count, and nothing else', async () => {
    const found = await inviteCardOf(t.app, LEAGUE.code.toLowerCase());
    // Exactly the preview's three facts go in, so nothing else can come out.
    expect(found).toEqual({
      code: LEAGUE.code,
      invite: { name: LEAGUE.name, organiser: 'Alice Allstars', memberCount: 3 },
    });
    const text = svgWords(await cardSvg(inviteCard(found!.invite), { embedFont: false }));
    expect(text).toContain('Tom & Jerry\'s "Cup" <b>');
    expect(text).toContain('Organised by Alice Allstars');
    expect(text).toContain('3 members');
    for (const secret of ['Bob', 'Carol', 'alice_login', 'third floor']) expect(text).not.toContain(secret);
  });

  test('the invite picture is limited per address', async () => {
    const from = nextAddress();
    const { max } = ROUTE_LIMITS.inviteImagePerAddress;
    for (let i = 0; i < max; i++)
      expect((await get(`/api/leagues/invite/${LEAGUE.code}/image.png`, undefined, {}, from)).statusCode).toBe(200);
    const over = await get(`/api/leagues/invite/${LEAGUE.code}/image.png`, undefined, {}, from);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe("a league table's card", () => {
  test('a member gets a PNG of the table, kept private', async () => {
    const res = await get(`/api/leagues/${LEAGUE.id}/table-card.png`, bob.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  test('reads back the league, the rows the table shows and the viewer marked', async () => {
    const season = await resolveSeason(t.app.deps.seasons, t.app.deps.clock.now(), undefined, 'standings');
    const input = await tableCardOf(t.app, LEAGUE.id, bob.id, season);
    expect(input).toMatchObject({ league: LEAGUE.name, competition: 'Premier League', players: 3, viewer: null });
    expect(input.rows.map((r) => [r.position, r.name, r.points, r.isViewer])).toEqual([
      [1, 'Bob Ballers', 4, true],
      [2, 'Alice Allstars', 3, false],
      [3, 'Carol Corner', 0, false],
    ]);
    const text = svgWords(await cardSvg(tableCard(input), { embedFont: false }));
    for (const words of [LEAGUE.name, 'Bob Ballers', '4 pts', 'Alice Allstars', '3 pts', 'Carol Corner', '3 players'])
      expect(text).toContain(words);
    expect(text).not.toContain('bob.secret');
  });

  test('a non-member is refused, a visitor must sign in, an unknown league is 404', async () => {
    expect((await get(`/api/leagues/${LEAGUE.id}/table-card.png`, outsider.cookie)).statusCode).toBe(403);
    expect((await get(`/api/leagues/${LEAGUE.id}/table-card.png`)).statusCode).toBe(401);
    expect((await get('/api/leagues/no-such-league/table-card.png', outsider.cookie)).statusCode).toBe(404);
  });
});

describe("a player's gameweek summary card", () => {
  test('a PNG of the player’s own gameweek, and what it says', async () => {
    const res = await get('/api/summary/card.png?gameweek=1', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    const season = await resolveSeason(t.app.deps.seasons, t.app.deps.clock.now(), undefined, 'standings');
    const input = await summaryCardOf(t.app, alice.id, season, 1, t.app.deps.clock.now());
    expect(input).toMatchObject({ gameweek: 1, points: 3, exact: 1, predicted: 1, matches: 1 });
    const text = svgWords(await cardSvg(summaryCard(input), { embedFont: false }));
    expect(text).toContain('My gameweek 1');
    expect(text).toContain('3 points');
    expect(text).toContain('1 exact score');
    expect(text).toContain('1/1 matches predicted');
    expect(text).toContain(LEAGUE.name);
    expect(text).toContain('1 of 3');
    // Only the player's own: nobody else's name or points.
    expect(text).not.toContain('Bob');
  });

  test('a gameweek without matches is 404; a visitor must sign in', async () => {
    expect((await get('/api/summary/card.png?gameweek=30', alice.cookie)).statusCode).toBe(404);
    expect((await get('/api/summary/card.png?gameweek=1')).statusCode).toBe(401);
  });

  test('cards are limited per player: one over the allowance is 429', async () => {
    const { max } = ROUTE_LIMITS.shareCardPerUser;
    // The other tests of this file used some of carol's allowance: none, she is fresh here.
    for (let i = 0; i < max; i++)
      expect((await get('/api/summary/card.png?gameweek=2', carol.cookie)).statusCode).toBe(200);
    const over = await get('/api/summary/card.png?gameweek=2', carol.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
  });
});

describe('drawing', () => {
  test('beyond the drawings allowed at once a new card is refused as busy; the same card waits for its drawing', async () => {
    const drawer = createCardDrawer({ maxBytes: 1024 * 1024, rendersAtOnce: 1 });
    const card = (name: string) => inviteCard({ name, organiser: 'O', memberCount: 1 });
    const first = drawer.draw('invite', 'a', () => card('A'));
    const same = drawer.draw('invite', 'a', () => card('A'));
    await expect(drawer.draw('invite', 'b', () => card('B'))).rejects.toMatchObject({
      statusCode: 503,
      message: BUSY_MESSAGE,
    });
    const [a, b] = await Promise.all([first, same]);
    expect(b.png).toBe(a.png);
    // Drawn once, kept: asking again is answered from memory, even while something else draws.
    const other = drawer.draw('invite', 'c', () => card('C'));
    expect((await drawer.draw('invite', 'a', () => card('A'))).png).toBe(a.png);
    await other;
  });

  test('a name of any length is cut to fit', () => {
    const text = JSON.stringify(inviteCard({ name: 'L'.repeat(500), organiser: 'O'.repeat(500), memberCount: 2 }));
    expect(text).not.toContain('L'.repeat(41));
    expect(text).toContain(`${'L'.repeat(39)}…`);
  });
});
