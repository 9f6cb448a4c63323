import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import type { RegisteredRoute } from '../plugins/route-registry.js';

/**
 * Writes that reach others cost their author (decision 0101). Every route that publishes a change
 * reaching other players' screens (anything but one player's own tabs) has a limit of its own,
 * and says so in its config (`publishes: 'others'`). The routes that publish are found in the
 * source (a `bus.publish(` in the route, or in a function it calls that does), so a new one cannot
 * slip past: it fails here until it has a limit and is listed below. Admin routes are the game's
 * own data, written by the people running it: they publish freely.
 */
const SERVER = path.resolve(import.meta.dirname, '..');

/** Every route handler and helper in the server's source, by file. */
function sources(): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !at.includes(`${path.sep}test${path.sep}`)
      )
        out.push({ file: path.relative(SERVER, at), text: fs.readFileSync(at, 'utf8') });
    }
  };
  walk(SERVER);
  return out;
}

/** The text from `from` to the end of the statement or block that starts there (brackets balanced). */
function extent(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0 && c === '}') return text.slice(from, i + 1);
      if (depth < 0) return text.slice(from, i);
    } else if (c === ';' && depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

/** The argument text of each call of `callee(` in `text`, to its closing parenthesis. */
function callArguments(text: string, callee: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf(callee); at >= 0; at = text.indexOf(callee, at + 1)) {
    let depth = 0;
    let end = at + callee.length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    out.push(text.slice(at + callee.length, end));
  }
  return out;
}

/**
 * A publish that reaches others: one not addressed to a single player's own tabs (`userId`),
 * nor a session change (`sessions.invalidate`, which is addressed to that player); or a call of a
 * function of the same file that makes one.
 */
const publishesToOthers = (text: string, publishers: ReadonlySet<string>) =>
  callArguments(text, 'bus.publish(').some((arg) => !/\buserId\b/.test(arg)) ||
  [...publishers].some((name) => new RegExp(`(?<![.\\w])${name}\\(`).test(text));

const DEFINITION = /(?:function\s+(\w+)\s*[(<]|const\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>)/g;
const ROUTE = /\b(?:app|fastify)\.(get|post|put|patch|delete)\(\s*['`]([^'`]+)['`]/g;

/** The non-GET routes whose handler publishes to others, as `METHOD url`. */
function publishingRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const { text } of sources()) {
    const functions = [...text.matchAll(DEFINITION)].map((m) => ({
      name: (m[1] ?? m[2])!,
      body: extent(text, m.index),
    }));
    // This file's functions that publish to others, directly or through each other (to a fixed point).
    const publishers = new Set<string>();
    for (let grew = true; grew;) {
      grew = false;
      for (const f of functions)
        if (!publishers.has(f.name) && publishesToOthers(f.body, publishers)) {
          publishers.add(f.name);
          grew = true;
        }
    }
    for (const m of text.matchAll(ROUTE)) {
      const call = m[0].slice(0, m[0].indexOf('(') + 1);
      const [args = ''] = callArguments(text.slice(m.index), call);
      if (m[1] !== 'get' && publishesToOthers(args, publishers)) routes.add(`${m[1]!.toUpperCase()} ${m[2]}`);
    }
  }
  return routes;
}

/** Routes counted per player by a rule of their own, besides a per-address routeLimit. */
const PER_PLAYER_ELSEWHERE = new Set([
  // CONTACT_RATE_LIMIT, counted from the player's stored messages.
  'POST /api/contact',
]);

let t: TestApp;
let routes: RegisteredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeList;
});
afterAll(async () => {
  await t.close();
});

describe('writes that reach other players', () => {
  test('each route that publishes to others has a limit of its own; admin routes aside', () => {
    const found = publishingRoutes();
    const byKey = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of found) expect(byKey.has(key), `${key} is found in the source but not registered`).toBe(true);
    const publishing = routes.filter(
      (r) =>
        r.auth !== 'admin' && r.method !== 'GET' && (found.has(`${r.method} ${r.url}`) || r.publishes === 'others'),
    );
    // Every one of them is limited: per account when it needs one, else per address.
    for (const r of publishing) {
      const by = r.auth === 'public' || PER_PLAYER_ELSEWHERE.has(`${r.method} ${r.url}`) ? 'address' : 'user';
      expect(
        r.limits.some((l) => l.by === by),
        `${r.method} ${r.url} publishes to others: give it a per-${by} routeLimit`,
      ).toBe(true);
    }
    // The list itself: a new publishing route fails here until it is added, with its limits.
    const listing = Object.fromEntries(
      publishing
        .map((r) => [`${r.method} ${r.url}`, r.limits.map((l) => l.name).join(', ')] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(listing).toEqual({
      'DELETE /api/leagues/:id/members/:userId': 'leagueMembersPerUser',
      'DELETE /api/leagues/:id/questions/:questionId': 'bonusQuestionsPerUser',
      'DELETE /api/leagues/:id/questions/:questionId/settlement': 'bonusSettlementPerUser',
      'DELETE /api/leagues/:id/removed-players/:userId': 'leagueMembersPerUser',
      'PATCH /api/leagues/:id': 'leagueRenamePerUser',
      'POST /api/contact': 'contactPerAddress, contactVisitorPerAddress, contactVisitorPerAddressDaily',
      'POST /api/leagues': 'createLeague',
      'POST /api/leagues/:id/code': 'leagueCodePerUser',
      'POST /api/leagues/:id/join': 'membershipPerUser',
      'POST /api/leagues/:id/leave': 'membershipPerUser',
      'POST /api/leagues/:id/questions': 'bonusQuestionsPerUser',
      'POST /api/leagues/join':
        'joinByCodePerUser, joinByCodePerAddress, joinByCodePerUserDaily, joinByCodePerAddressDaily',
      'POST /api/me/account/delete': 'accountDeletePerUser, accountDeletePerAddress',
      'PUT /api/leagues/:id/questions/:questionId': 'bonusQuestionsPerUser',
      'PUT /api/leagues/:id/questions/:questionId/settlement': 'bonusSettlementPerUser',
      'PUT /api/leagues/:id/scoring': 'leagueScoringPerUser',
      'PUT /api/me/team-name': 'teamNamePerUser',
    });
  });

  test('a route that publishes only to its caller’s own tabs needs no declaration, and one that says so is found to', () => {
    const found = publishingRoutes();
    for (const r of routes.filter((x) => x.publishes === 'own'))
      expect(found.has(`${r.method} ${r.url}`), `${r.method} ${r.url} says 'own' but publishes to others`).toBe(false);
  });
});
