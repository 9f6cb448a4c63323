import { afterEach, describe, expect, it } from 'vitest';
import type { Question, QuestionList } from '../../../contract/bonus-questions.js';
import type { TablePage } from '../../../contract/leagues.js';
import { AFTER_SEASON, buildWorld, CLUBS, saveResult, SEASON, type World } from './test-world.js';
import { FROM_RESULTS } from './routes.js';
import { seasonsToResolve } from './resolver.js';
import type { LiveEvent } from '../../realtime/bus.js';

/**
 * Questions about the final table settle themselves: on the season's last result (whatever
 * route saved it), again after a correction, and not any more once a result is cleared. A
 * settlement by hand is left alone until it is taken back. The final table of the test world is
 * CLUBS in order (test-world.ts); the expectations here are counted from that, not computed.
 */
let w: World;
afterEach(async () => {
  await w?.t.close();
});

const LOCK = '2030-08-10T12:00:00.000Z';

async function add(body: Record<string, unknown>): Promise<Question> {
  const res = await w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, {
    season: SEASON,
    locksAt: LOCK,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().question;
}
const answer = async (who: 'alice' | 'bob' | 'carol', q: Question, clubs: string[]) => {
  const choices = clubs.map((c) => q.options.indexOf(c));
  const res = await w.call(who, 'PUT', `/api/leagues/${w.league}/questions/${q.id}/answer`, { choices });
  expect(res.statusCode, res.body).toBe(200);
};
async function questions(): Promise<Map<string, Question>> {
  const res = await w.call('bob', 'GET', `/api/leagues/${w.league}/questions?season=${SEASON}`);
  return new Map((res.json() as QuestionList).questions.map((q) => [q.kind, q]));
}
async function bonus(): Promise<Record<string, number>> {
  const res = await w.call('bob', 'GET', `/api/leagues/${w.league}/table?season=${SEASON}`);
  return Object.fromEntries((res.json() as TablePage).rows.map((r) => [r.displayName, r.bonus]));
}
const rightClubs = (q: Question) => q.settlement?.correct.map((i) => q.options[i]) ?? null;

describe('questions about the final table', () => {
  it('settle on the last result, follow a correction, and are taken back when a result is cleared', async () => {
    w = await buildWorld();
    const champion = await add({ kind: 'champion', points: 10 });
    const relegated = await add({ kind: 'relegated', points: 2 });
    const four = await add({ kind: 'top-four', points: 1 });
    const position = await add({ kind: 'final-position', club: 'Chelsea FC', points: 4 });
    // Bob: Arsenal champions, Liverpool, Brentford and Burnley down, the top four right but for Fulham, Chelsea 3rd.
    await answer('bob', champion, ['Arsenal FC']);
    await answer('bob', relegated, ['Liverpool FC', 'Brentford FC', 'Burnley FC']);
    await answer('bob', four, ['Arsenal FC', 'Aston Villa FC', 'Chelsea FC', 'Fulham FC']);
    await answer('bob', position, ['3']);
    // Carol: Aston Villa champions, Everton, Fulham and Burnley down, Chelsea 1st.
    await answer('carol', champion, ['Aston Villa FC']);
    await answer('carol', relegated, ['Everton FC', 'Fulham FC', 'Burnley FC']);
    await answer('carol', position, ['1']);

    w.t.clock.set(AFTER_SEASON);
    const [last, ...rest] = [...w.matches].reverse();
    for (const m of rest) await saveResult(w, m);
    await w.t.app.bonusResolver.idle();
    // One match to go: nothing is settled, nobody has bonus points.
    for (const q of (await questions()).values()) expect(q.settlement).toBeNull();
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });

    // The settlement is announced after its commit: league tables (and their cache), positions and question lists refresh.
    const events: LiveEvent[] = [];
    w.t.app.deps.bus.subscribe((e) => events.push(e));
    await saveResult(w, last!);
    await w.t.app.bonusResolver.idle();
    expect(events.filter((e) => e.type === 'bonus.settled')).toEqual([{ type: 'bonus.settled', leagueId: null }]);
    // The same result saved again changes nothing, and says nothing.
    await saveResult(w, last!);
    await w.t.app.bonusResolver.idle();
    expect(events.filter((e) => e.type === 'bonus.settled')).toHaveLength(1);
    let qs = await questions();
    expect(rightClubs(qs.get('champion')!)).toEqual(['Arsenal FC']);
    expect(rightClubs(qs.get('relegated')!)!.sort()).toEqual(['Brentford FC', 'Burnley FC', 'Liverpool FC']);
    expect(rightClubs(qs.get('top-four')!)!.sort()).toEqual([
      'Arsenal FC',
      'Aston Villa FC',
      'Chelsea FC',
      'Everton FC',
    ]);
    expect(rightClubs(qs.get('final-position')!)).toEqual(['3']);
    expect(qs.get('champion')!.settlement).toMatchObject({ by: 'results', byName: null });
    // Bob: 10 + 3 × 2 + 3 × 1 + 4 = 23; Carol: one relegated club (Burnley), 2.
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 23, 'Carol Kickers': 2 });

    // The last match corrected: Aston Villa beat Arsenal 5-0 and finish top on 21 points to Arsenal's 18.
    await saveResult(w, last!, [0, 5]);
    await w.t.app.bonusResolver.idle();
    qs = await questions();
    expect(rightClubs(qs.get('champion')!)).toEqual(['Aston Villa FC']);
    expect(qs.get('champion')!.settlementVersion).toBe(2);
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 13, 'Carol Kickers': 12 });

    // A result cleared: the season is not over after all, and what the results settled is taken back.
    const cleared = await w.call('admin', 'DELETE', `/api/admin/results/${rest[0]!.id}`);
    expect(cleared.statusCode).toBe(200);
    await w.t.app.bonusResolver.idle();
    for (const q of (await questions()).values()) expect(q.settlement).toBeNull();
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });

    // The same result saved through the result desk's bulk save settles them again.
    const bulk = await w.call('admin', 'PUT', '/api/admin/results', {
      results: [{ fixtureId: rest[0]!.id, homeScore: rest[0]!.score[0], awayScore: rest[0]!.score[1] }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await w.t.app.bonusResolver.idle();
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 13, 'Carol Kickers': 12 });
  });

  it('leave a settlement by hand alone until it is taken back, then settle from the table again', async () => {
    w = await buildWorld();
    const champion = await add({ kind: 'champion', points: 10 });
    // Another question of the league stays with the results, so the league is resolved again after each result.
    await add({ kind: 'top-four', points: 1 });
    await answer('bob', champion, ['Arsenal FC']);
    await answer('carol', champion, ['Chelsea FC']);
    w.t.clock.set(AFTER_SEASON);
    for (const m of w.matches) await saveResult(w, m);
    await w.t.app.bonusResolver.idle();
    let q = (await questions()).get('champion')!;
    expect(rightClubs(q)).toEqual(['Arsenal FC']);
    // Settled from the results: taking it back is refused (change it instead).
    const undo = await w.call(
      'alice',
      'DELETE',
      `/api/leagues/${w.league}/questions/${q.id}/settlement?version=${q.settlementVersion}`,
    );
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error.message).toBe(FROM_RESULTS);

    // The organiser overrides it, with a note.
    const override = await w.call('alice', 'PUT', `/api/leagues/${w.league}/questions/${q.id}/settlement`, {
      correct: [q.options.indexOf('Chelsea FC')],
      note: 'Arsenal were docked the title in our league rules.',
      version: q.settlementVersion,
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 10 });
    // Corrections do not undo it, though one moves the other question: Fulham beat Everton 9-0 and take fourth place.
    await saveResult(w, w.matches[0]!, [9, 0]);
    await w.t.app.bonusResolver.idle();
    expect((await questions()).get('top-four')!.settlementVersion).toBe(1);
    await saveResult(
      w,
      w.matches.find((m) => m.home === 'Everton FC' && m.away === 'Fulham FC')!,
      [0, 9],
    );
    await w.t.app.bonusResolver.idle();
    expect((await questions()).get('top-four')!.settlementVersion).toBe(2);
    q = (await questions()).get('champion')!;
    expect(q.settlement).toMatchObject({ by: 'organiser', note: 'Arsenal were docked the title in our league rules.' });
    expect(rightClubs(q)).toEqual(['Chelsea FC']);

    // Taken back: the final table settles it again.
    const back = await w.call(
      'alice',
      'DELETE',
      `/api/leagues/${w.league}/questions/${q.id}/settlement?version=${q.settlementVersion}`,
    );
    expect(back.statusCode).toBe(200);
    await w.t.app.bonusResolver.idle();
    q = (await questions()).get('champion')!;
    expect(q.settlement).toMatchObject({ by: 'results' });
    expect(rightClubs(q)).toEqual(['Arsenal FC']);
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 10, 'Carol Kickers': 0 });
  });

  it('settle at start-up what was saved while no server listened', async () => {
    w = await buildWorld();
    const champion = await add({ kind: 'champion', points: 3 });
    await answer('bob', champion, ['Arsenal FC']);
    // Results written straight to the database, as a seeded season's are: no event.
    for (const m of w.matches) {
      await w.t.app.deps.db
        .insertInto('results')
        .values({ fixtureId: m.id, homeScore: m.score[0], awayScore: m.score[1], final: 1, updatedAt: AFTER_SEASON })
        .execute();
    }
    w.t.clock.set(AFTER_SEASON);
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });
    await w.t.app.bonusResolver.sweep();
    await w.t.app.bonusResolver.idle();
    expect(await bonus()).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 3, 'Carol Kickers': 0 });
  });

  it('hears of a season from its results and fixtures, not from a pick or a provisional score', () => {
    expect(seasonsToResolve({ type: 'results.changed', seasonId: SEASON })).toEqual([SEASON]);
    expect(seasonsToResolve({ type: 'fixtures.changed', seasonId: SEASON })).toEqual([SEASON]);
    expect(seasonsToResolve({ type: 'prediction.saved', seasonId: SEASON })).toBeNull();
    expect(seasonsToResolve({ type: 'live-score.changed', seasonId: SEASON })).toBeNull();
    expect(seasonsToResolve({ type: 'live.resumed' })).toBe('sweep');
    expect(CLUBS).toHaveLength(8);
  });
});
