import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../realtime/bus.js';
import type { Question, QuestionList } from '../../../contract/bonus-questions.js';
import type { TablePage } from '../../../contract/leagues.js';
import { BONUS_LIMITS } from '../../../game/bonus-questions.js';
import { buildWorld, CLUBS, SEASON, type World } from './test-world.js';
import {
  ALREADY_SETTLED,
  ANSWERS_CLOSED,
  ANSWERS_HIDDEN,
  NOT_LOCKED_YET,
  ONLY_CREATOR,
  ONLY_SETTLERS,
  SETTLED_MEANWHILE,
  TOO_MANY_QUESTIONS,
} from './routes.js';
import { NOT_A_MEMBER } from '../leagues/routes.js';

/**
 * Bonus questions through the real app on a real database: what is refused and why (and that a
 * refusal changes nothing), the lock by the server clock, answers kept secret until it, and
 * settlements, changed settlements and their removal moving the league table.
 */
let w: World;
afterEach(async () => {
  await w?.t.close();
});

const LOCK = '2030-08-10T12:00:00.000Z';
const AFTER_LOCK = '2030-08-11T12:00:00.000Z';
const free = (extra: Record<string, unknown> = {}) => ({
  season: SEASON,
  kind: 'free',
  prompt: 'Will Arsenal win on opening day?',
  options: ['Yes', 'No', 'Draw'],
  points: 5,
  locksAt: LOCK,
  ...extra,
});

async function list(who: 'alice' | 'bob' | 'carol' | 'admin'): Promise<QuestionList> {
  const res = await w.call(who, 'GET', `/api/leagues/${w.league}/questions?season=${SEASON}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function add(body: Record<string, unknown>): Promise<Question> {
  const res = await w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().question;
}
const answer = (who: 'alice' | 'bob' | 'carol' | 'dave' | 'admin', q: Question, choices: number[]) =>
  w.call(who, 'PUT', `/api/leagues/${w.league}/questions/${q.id}/answer`, { choices });
const settle = (who: 'alice' | 'bob' | 'admin' | 'dave', q: Question, body: Record<string, unknown>) =>
  w.call(who, 'PUT', `/api/leagues/${w.league}/questions/${q.id}/settlement`, body);
async function table(
  who: 'alice' | 'bob' | 'carol',
  qs = `season=${SEASON}`,
): Promise<Map<string, { points: number; bonus: number; rank: number }>> {
  const res = await w.call(who, 'GET', `/api/leagues/${w.league}/table?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return new Map(
    (res.json() as TablePage).rows.map((r) => [r.displayName, { points: r.points, bonus: r.bonus, rank: r.rank }]),
  );
}
const bonusOf = async (who: 'alice' | 'bob') =>
  Object.fromEntries([...(await table(who)).entries()].map(([name, r]) => [name, r.bonus]));

describe('adding questions', () => {
  it('refuses bad questions with a clear message, saving nothing', async () => {
    w = await buildWorld();
    const refusals: Array<[Record<string, unknown>, number, RegExp]> = [
      [free({ options: undefined }), 400, /Give 2 to 40 answers/],
      [free({ options: [] }), 400, /Give 2 to 40 answers/],
      [free({ options: ['Only one'] }), 400, /Give 2 to 40 answers/],
      [free({ options: Array.from({ length: 500 }, (_, i) => `Answer ${i}`) }), 400, /Give 2 to 40 answers/],
      [free({ options: ['Yes', 'yes'] }), 400, /Each answer must be different/],
      [free({ options: ['Yes', ' '] }), 400, /An answer cannot be empty/],
      [free({ options: ['Yes', 'x'.repeat(BONUS_LIMITS.optionMax + 1)] }), 400, /60 characters or less/],
      [free({ options: ['Yes', 'No\u202E'] }), 400, /invisible or control characters/],
      [free({ prompt: 'Who\u0007 wins?' }), 400, /invisible or control characters/],
      [free({ prompt: '' }), 400, /Write the question/],
      [free({ prompt: 'x'.repeat(BONUS_LIMITS.promptMax + 1) }), 400, /150 characters or less/],
      [free({ points: 0 }), 400, /1 to 20 points/],
      [free({ points: 21 }), 400, /1 to 20 points/],
      [free({ points: 2.5 }), 400, /1 to 20 points/],
      [free({ points: '5' }), 400, /1 to 20 points/],
      [free({ kind: 'golden-boot' }), 400, /Choose what the question is about/],
      [free({ locksAt: 'next Saturday' }), 400, /Enter a lock date and time/],
      [free({ locksAt: '2030-07-31T12:00:00.000Z' }), 400, /lock time in the future/],
      [free({ locksAt: '2031-09-01T12:00:00.000Z' }), 400, /within a year/],
      [
        { season: SEASON, kind: 'champion', points: 5, locksAt: '2031-02-22T14:00:00.001Z' },
        400,
        /must lock by the kick-off of the season's last match/,
      ],
      [
        { season: SEASON, kind: 'champion', points: 5, locksAt: LOCK, options: ['Arsenal FC', 'Chelsea FC'] },
        400,
        /clubs or places are the answers/,
      ],
      [{ season: SEASON, kind: 'final-position', points: 5, locksAt: LOCK }, 400, /Choose the club/],
      [
        { season: SEASON, kind: 'final-position', points: 5, locksAt: LOCK, club: 'Real Madrid' },
        400,
        /Choose a club of this season/,
      ],
      [free({ season: '1999-00' }), 404, /Season not found/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, body);
      expect({ body, status: res.statusCode, message: res.json().error?.message }).toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect((await list('alice')).questions).toEqual([]);

    // Members, outsiders and the admin may not add; an unknown league is a 404.
    for (const who of ['bob', 'dave', 'admin'] as const) {
      const res = await w.call(who, 'POST', `/api/leagues/${w.league}/questions`, free());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ONLY_CREATOR);
    }
    expect((await w.call('alice', 'POST', '/api/leagues/no-such-league/questions', free())).statusCode).toBe(404);
    expect((await list('alice')).questions).toEqual([]);
  });

  it('derives the options of final-table questions from the season and fills in the question', async () => {
    w = await buildWorld();
    const champion = await add({ season: SEASON, kind: 'champion', points: 5, locksAt: LOCK });
    expect(champion).toMatchObject({
      kind: 'champion',
      prompt: 'Who will be champions?',
      options: [...CLUBS].sort(),
      picks: 1,
      points: 5,
      locksAt: LOCK,
      locked: false,
      fromTable: true,
      canEdit: true,
      settlement: null,
    });
    const relegated = await add({ season: SEASON, kind: 'relegated', points: 2, locksAt: '2030-08-16T14:00:00+01:00' });
    expect(relegated).toMatchObject({
      picks: 3,
      prompt: 'Which 3 clubs will be relegated?',
      locksAt: '2030-08-16T13:00:00.000Z',
    });
    const position = await add({
      season: SEASON,
      kind: 'final-position',
      club: 'Chelsea FC',
      points: 3,
      locksAt: LOCK,
    });
    expect(position).toMatchObject({
      club: 'Chelsea FC',
      prompt: 'Where will Chelsea FC finish?',
      options: ['1', '2', '3', '4', '5', '6', '7', '8'],
      picks: 1,
    });
    const own = await add(free({ prompt: '  Who scores first?  ', options: [' Saka ', 'Palmer'] }));
    expect(own).toMatchObject({ prompt: 'Who scores first?', options: ['Saka', 'Palmer'], fromTable: false });
  });

  it(`keeps to ${BONUS_LIMITS.perSeason} questions per league and season`, async () => {
    w = await buildWorld();
    for (let i = 0; i < BONUS_LIMITS.perSeason - 1; i++) await add(free({ prompt: `Question ${i + 1}?` }));
    // Six adds at once for the last place: one gets it (the league row is locked while counting).
    const racing = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, free({ prompt: `Last ${n}?` })),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const res = await w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, free({ prompt: 'One more?' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'limit_reached', message: TOO_MANY_QUESTIONS });
    const { questions, max } = await list('alice');
    expect([questions.length, max]).toEqual([BONUS_LIMITS.perSeason, BONUS_LIMITS.perSeason]);
    // Deleting one makes room.
    expect((await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${questions[0]!.id}`)).statusCode).toBe(
      200,
    );
    await add(free({ prompt: 'One more?' }));
  });

  it('is changed only before the lock, by its creator, answers following their options; deleting takes the answers along', async () => {
    w = await buildWorld();
    const q = await add(free());
    const changed = await w.call('alice', 'PUT', `/api/leagues/${w.league}/questions/${q.id}`, {
      kind: 'free',
      prompt: 'Will Arsenal lose?',
      options: ['Yes', 'No'],
      points: 3,
      locksAt: LOCK,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().question).toMatchObject({ prompt: 'Will Arsenal lose?', options: ['Yes', 'No'], points: 3 });
    const byBob = await w.call('bob', 'PUT', `/api/leagues/${w.league}/questions/${q.id}`, {
      kind: 'free',
      prompt: 'Mine now',
      options: ['A', 'B'],
      points: 20,
      locksAt: LOCK,
    });
    expect(byBob.statusCode).toBe(403);

    expect((await answer('bob', q, [0])).statusCode).toBe(200);
    // Bob's answer follows its option when the options move; the wording is the same.
    const moved = await w.call('alice', 'PUT', `/api/leagues/${w.league}/questions/${q.id}`, {
      kind: 'free',
      prompt: 'Will Arsenal lose?',
      options: ['No', 'Yes'],
      points: 3,
      locksAt: LOCK,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list('bob')).questions[0]).toMatchObject({ options: ['No', 'Yes'], mine: { choices: [1] } });

    expect((await w.call('bob', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}`)).statusCode).toBe(403);
    expect((await w.call('bob', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}`)).statusCode).toBe(403);
    expect((await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}`)).statusCode).toBe(200);
    expect((await list('bob')).questions).toEqual([]);
    expect(await w.t.app.deps.db.selectFrom('leagueQuestionAnswers').selectAll().execute()).toEqual([]);
    expect((await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}`)).statusCode).toBe(404);
  });
});

describe('answering', () => {
  it('takes answers from members until the lock, by the server clock, and checks each', async () => {
    w = await buildWorld();
    const q = await add(free());
    const four = await add({ season: SEASON, kind: 'top-four', points: 1, locksAt: LOCK });
    expect((await answer('bob', q, [0])).json().question.mine).toMatchObject({ choices: [0], points: null });
    // Changing one's mind before the lock.
    expect((await answer('bob', q, [2])).json().question.mine.choices).toEqual([2]);
    const refused: Array<[Question, unknown, RegExp]> = [
      [q, [3], /Choose from the answers offered/],
      [q, [0, 1], /Choose one answer/],
      [q, [], /Choose an answer/],
      [q, ['0'], /Choose from the answers offered/],
      [four, [0, 1, 2], /Choose exactly 4 answers/],
      [four, [0, 1, 2, 2], /Choose each answer only once/],
      [four, [0, 1, 2, 3, 4], /at most 4 answers/],
    ];
    for (const [question, choices, message] of refused) {
      const res = await w.call('bob', 'PUT', `/api/leagues/${w.league}/questions/${question.id}/answer`, { choices });
      expect({ choices, status: res.statusCode, message: res.json().error.message }).toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    expect((await answer('bob', four, [7, 0, 3, 1])).json().question.mine.choices).toEqual([0, 1, 3, 7]);
    // Only members answer: not an outsider, nor an admin outside the league.
    for (const who of ['dave', 'admin'] as const) {
      const res = await answer(who, q, [0]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NOT_A_MEMBER);
    }
    expect(
      (await w.call(null, 'PUT', `/api/leagues/${w.league}/questions/${q.id}/answer`, { choices: [0] })).statusCode,
    ).toBe(401);

    w.t.clock.set('2030-08-10T11:59:59.999Z');
    expect((await answer('carol', q, [1])).statusCode).toBe(200);
    w.t.clock.set(LOCK);
    const late = await answer('carol', q, [0]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'locked', message: ANSWERS_CLOSED });
    expect((await list('carol')).questions.find((x) => x.id === q.id)!.mine!.choices).toEqual([1]);
    const answers = await w.t.app.deps.db
      .selectFrom('leagueQuestionAnswers')
      .select(['userId', 'choices'])
      .where('questionId', '=', q.id)
      .orderBy('answeredAt')
      .execute();
    expect(answers).toEqual([
      { userId: w.users.bob.id, choices: '[2]' },
      { userId: w.users.carol.id, choices: '[1]' },
    ]);
  });

  it('tells the creator nothing of who answered before the lock: the same answers whether or not anyone did', async () => {
    w = await buildWorld();
    const events: LiveEvent[] = [];
    w.t.app.deps.bus.subscribe((e) => events.push(e));
    /** What the creator is told when changing a question, with the one thing that differs (its id) left out. */
    const asCreator = async (answeredBy: Array<'bob' | 'carol'>) => {
      const q = await add(free({ prompt: `Question ${answeredBy.length}` }));
      for (const who of answeredBy) expect((await answer(who, q, [2])).statusCode).toBe(200);
      const listed = (await list('alice')).questions.find((x) => x.id === q.id)!;
      const edits = [
        // Only the points change: answers stay.
        free({ prompt: `Question ${answeredBy.length}`, points: 7 }),
        // The chosen option goes: answers are cleared, and only their players hear of it.
        free({ prompt: `Question ${answeredBy.length}`, options: ['Yes', 'No'] }),
      ].map(({ season: _s, ...body }) => body);
      const replies = [];
      for (const body of edits) {
        const res = await w.call('alice', 'PUT', `/api/leagues/${w.league}/questions/${q.id}`, body);
        replies.push({ status: res.statusCode, ...(res.json() as { question: Record<string, unknown> }).question });
      }
      const anon = (x: Record<string, unknown>) => ({ ...x, id: null });
      return { q, seen: [anon(listed), ...replies.map(anon)] };
    };
    const nobody = await asCreator([]);
    const from = events.length;
    const two = await asCreator(['bob', 'carol']);
    expect(two.seen.map((x) => ({ ...x, prompt: null }))).toEqual(nobody.seen.map((x) => ({ ...x, prompt: null })));
    expect(two.seen[0]).toMatchObject({ canEdit: true, answered: null, tally: null, mine: null });
    // The answers to the removed option are gone; their players' own tabs were told, nobody else's.
    expect(
      await w.t.app.deps.db
        .selectFrom('leagueQuestionAnswers')
        .selectAll()
        .where('questionId', '=', two.q.id)
        .execute(),
    ).toEqual([]);
    expect((await list('bob')).questions.find((x) => x.id === two.q.id)!.mine).toBeNull();
    const privately = events
      .slice(from)
      .filter((e) => e.type === 'bonus-questions.changed' && e.userId)
      .map((e) => e.userId);
    // Two answers given, two cleared by the second edit: each told to its own player only.
    expect(privately.slice(0, 2)).toEqual([w.users.bob.id, w.users.carol.id]);
    expect(privately.slice(2).sort()).toEqual([w.users.bob.id, w.users.carol.id].sort());
  });

  it('keeps answers secret until the lock: on the list, the answers route and the live events', async () => {
    w = await buildWorld();
    const q = await add(free());
    const events: LiveEvent[] = [];
    w.t.app.deps.bus.subscribe((e) => events.push(e));
    expect((await answer('bob', q, [1])).statusCode).toBe(200);
    expect((await answer('carol', q, [0])).statusCode).toBe(200);
    // Each answer is announced to its player's own tabs only.
    expect(events.filter((e) => e.type === 'bonus-questions.changed').map((e) => e.userId)).toEqual([
      w.users.bob.id,
      w.users.carol.id,
    ]);

    for (const who of ['alice', 'bob', 'carol', 'admin'] as const) {
      const seen = (await list(who)).questions[0]!;
      expect({ who, answered: seen.answered, tally: seen.tally }).toEqual({ who, answered: null, tally: null });
      expect(seen.mine?.choices ?? null).toEqual(who === 'bob' ? [1] : who === 'carol' ? [0] : null);
      const page = await w.call(who, 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers`);
      expect(page.statusCode).toBe(409);
      expect(page.json().error.message).toBe(ANSWERS_HIDDEN);
    }
    expect((await w.call('dave', 'GET', `/api/leagues/${w.league}/questions?season=${SEASON}`)).statusCode).toBe(403);

    w.t.clock.set(AFTER_LOCK);
    const seen = (await list('bob')).questions[0]!;
    expect(seen).toMatchObject({ locked: true, answered: 2, tally: [1, 1, 0] });
    const page = await w.call('bob', 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers?pageSize=1`);
    expect(page.json()).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 1,
      answers: [{ displayName: 'Bob Ballers', choices: [1], points: null, isViewer: true }],
    });
    const second = await w.call('admin', 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers?page=2&pageSize=1`);
    expect(second.json().answers).toEqual([
      { userId: w.users.carol.id, displayName: 'Carol Kickers', choices: [0], points: null, isViewer: false },
    ]);
    // A member who leaves leaves the count and the list too (both are of the league's members).
    expect((await w.call('carol', 'POST', `/api/leagues/${w.league}/leave`, {})).statusCode).toBe(200);
    expect((await list('bob')).questions[0]).toMatchObject({ answered: 1, tally: [0, 1, 0] });
    expect((await w.call('bob', 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers`)).json().total).toBe(1);
    expect((await w.call('dave', 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers`)).statusCode).toBe(403);
  });
});

describe('settling', () => {
  it('settles once locked; the same again changes nothing; a change over an unseen one is refused; a change rescores; taking it back clears', async () => {
    w = await buildWorld();
    const q = await add(free());
    const other = await add(free({ prompt: 'Later?', locksAt: '2030-09-01T12:00:00.000Z' }));
    await answer('bob', q, [1]);
    await answer('carol', q, [0]);
    await answer('alice', q, [1]);
    w.t.clock.set(AFTER_LOCK);
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });

    const early = await settle('alice', other, { correct: [0], version: 0 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(NOT_LOCKED_YET);
    for (const who of ['bob', 'dave'] as const) {
      const res = await settle(who, q, { correct: [0], version: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ONLY_SETTLERS);
    }
    for (const [body, message] of [
      [{ correct: [3], version: 0 }, /from the answers offered/],
      [{ correct: [], version: 0 }, /at least one right answer/],
      [{ correct: [1, 1], version: 0 }, /only once/],
      [{ correct: [1], version: 0, note: 'a\u202Eb' }, /invisible or control/],
      [{ correct: [1] }, /./],
    ] as const) {
      const res = await settle('alice', q, body);
      expect({ status: res.statusCode, message: res.json().error.message }).toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    expect((await list('bob')).questions[0]!.settlement).toBeNull();

    const first = await settle('alice', q, { correct: [1], version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().question).toMatchObject({
      settlementVersion: 1,
      settlement: { correct: [1], by: 'organiser', byName: 'Alice Allstars', note: null },
      mine: { choices: [1], points: 5 },
    });
    const after = await table('bob');
    expect(after.get('Bob Ballers')).toEqual({ points: 5, bonus: 5, rank: 1 });
    expect(after.get('Alice Allstars')).toEqual({ points: 5, bonus: 5, rank: 1 });
    expect(after.get('Carol Kickers')).toEqual({ points: 0, bonus: 0, rank: 3 });

    // Settling twice: a repeated click, or the admin agreeing, changes nothing.
    const again = await settle('alice', q, { correct: [1], version: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json().question.settlementVersion).toBe(1);
    expect((await settle('admin', q, { correct: [1], version: 0 })).json().question.settlement.by).toBe('organiser');

    // A different settlement over one the settler has not seen is refused, and changes nothing.
    const stale = await settle('admin', q, { correct: [0], version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'settled_meanwhile', message: SETTLED_MEANWHILE });
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 5, 'Bob Ballers': 5, 'Carol Kickers': 0 });

    // Two settlers at once, both having seen version 1, with different answers: one wins, the other is told.
    const race = await Promise.all([
      settle('admin', q, { correct: [2], version: 1 }),
      settle('alice', q, { correct: [0, 2], version: 1 }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = race.find((r) => r.statusCode === 200)!.json().question;
    expect(winner.settlementVersion).toBe(2);
    // Put back to the first settlement, against the version now seen.
    expect((await settle('alice', q, { correct: [1], version: 2 })).statusCode).toBe(200);
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 5, 'Bob Ballers': 5, 'Carol Kickers': 0 });

    // Changed with the version seen: rescored.
    const changed = await settle('admin', q, {
      correct: [0],
      version: 3,
      note: 'Replayed after a floodlight failure.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().question).toMatchObject({
      settlementVersion: 4,
      settlement: { correct: [0], by: 'admin', byName: 'The Admin', note: 'Replayed after a floodlight failure.' },
    });
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 5 });
    const page = await w.call('carol', 'GET', `/api/leagues/${w.league}/questions/${q.id}/answers`);
    expect(page.json().answers.map((a: { displayName: string; points: number }) => [a.displayName, a.points])).toEqual([
      ['Alice Allstars', 0],
      ['Bob Ballers', 0],
      ['Carol Kickers', 5],
    ]);
    // Two right answers: both score.
    await settle('alice', q, { correct: [0, 1], version: 4 });
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 5, 'Bob Ballers': 5, 'Carol Kickers': 5 });

    // Taken back: asked against an old version, refused; then points leave the table.
    expect(
      (await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}/settlement?version=4`)).statusCode,
    ).toBe(409);
    expect(
      (await w.call('bob', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}/settlement?version=5`)).statusCode,
    ).toBe(403);
    const undone = await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}/settlement?version=5`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().question).toMatchObject({
      settlement: null,
      settlementVersion: 6,
      mine: { choices: [1], points: null },
    });
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });
    // Settled anew against the version seen; a settled question takes no answers and cannot be edited.
    await settle('alice', q, { correct: [1], version: 6 });
    expect((await answer('bob', q, [0])).json().error.message).toMatch(
      new RegExp(`${ANSWERS_CLOSED}|${ALREADY_SETTLED}`),
    );

    // Deleting a settled question takes its points off the table.
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 5, 'Bob Ballers': 5, 'Carol Kickers': 0 });
    expect((await w.call('alice', 'DELETE', `/api/leagues/${w.league}/questions/${q.id}`)).statusCode).toBe(200);
    expect(await bonusOf('bob')).toEqual({ 'Alice Allstars': 0, 'Bob Ballers': 0, 'Carol Kickers': 0 });
  });

  it('bonus points join the season and all-seasons tables, the positions and the live table, not a gameweek table', async () => {
    w = await buildWorld();
    const q = await add(free({ points: 7 }));
    await answer('carol', q, [2]);
    w.t.clock.set(AFTER_LOCK);
    await settle('alice', q, { correct: [2], version: 0 });
    const season = await table('carol');
    expect(season.get('Carol Kickers')).toEqual({ points: 7, bonus: 7, rank: 1 });
    // The all-seasons table: the other season's 3 points each, plus the bonus.
    const all = await table('carol', 'season=all');
    expect(all.get('Carol Kickers')).toEqual({ points: 10, bonus: 7, rank: 1 });
    expect(all.get('Bob Ballers')).toEqual({ points: 3, bonus: 0, rank: 2 });
    // A gameweek's table has no bonus points.
    await w.t.app.deps.db
      .insertInto('results')
      .values({ fixtureId: 'm0', homeScore: 3, awayScore: 0, final: 1, updatedAt: AFTER_LOCK })
      .execute();
    const gw = await table('carol', `season=${SEASON}&gameweek=1`);
    expect(gw.get('Carol Kickers')).toEqual({ points: 0, bonus: 0, rank: 1 });

    const positions = await w.call('carol', 'GET', `/api/leagues/positions?season=${SEASON}`);
    expect(positions.json().positions).toEqual([
      expect.objectContaining({ leagueId: w.league, position: 1, points: 7 }),
    ]);
    const bobsPosition = await w.call('bob', 'GET', `/api/leagues/positions?season=${SEASON}`);
    expect(bobsPosition.json().positions[0]).toMatchObject({ position: 2, points: 0 });

    w.t.clock.set('2030-08-17T15:00:00.000Z');
    const live = await w.call('carol', 'GET', `/api/leagues/${w.league}/live-table`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().rows.find((r: { name: string }) => r.name === 'Carol Kickers')).toMatchObject({
      storedPoints: 7,
      points: 7,
      rank: 1,
    });
  });

  it('lets an admin outside the league read and settle, but not answer or add', async () => {
    w = await buildWorld();
    const q = await add(free());
    await answer('bob', q, [0]);
    w.t.clock.set(AFTER_LOCK);
    const seen = await list('admin');
    expect(seen).toMatchObject({ canManage: false, canSettle: true });
    expect(await list('bob')).toMatchObject({ canManage: false, canSettle: false });
    expect(await list('alice')).toMatchObject({ canManage: true, canSettle: true });
    const settled = await settle('admin', q, { correct: [0], version: 0 });
    expect(settled.json().question.settlement).toMatchObject({ by: 'admin', byName: 'The Admin' });
    expect((await table('bob')).get('Bob Ballers')!.bonus).toBe(5);
    // The admin is not in the table: a settlement does not make them a member.
    expect((await w.call('admin', 'GET', `/api/leagues/${w.league}/table`)).statusCode).toBe(403);
  });

  it('removes an account’s answers and bonus points with it; the league table stays right', async () => {
    w = await buildWorld();
    const q = await add(free());
    await answer('bob', q, [0]);
    await answer('carol', q, [0]);
    w.t.clock.set(AFTER_LOCK);
    await settle('alice', q, { correct: [0], version: 0 });
    await w.t.app.deps.db.deleteFrom('user').where('id', '=', w.users.bob.id).execute();
    expect(await w.t.app.deps.db.selectFrom('leagueQuestionAnswers').select('userId').execute()).toEqual([
      { userId: w.users.carol.id },
    ]);
    expect(await w.t.app.deps.db.selectFrom('leagueBonusPoints').select(['userId', 'points']).execute()).toEqual([
      { userId: w.users.carol.id, points: 5 },
    ]);
    expect((await list('alice')).questions[0]).toMatchObject({ answered: 1, tally: [1, 0, 0] });
  });
});

describe('the OpenAPI document', () => {
  it('lists every bonus question route, with its body, answers and the session it needs', async () => {
    w = await buildWorld();
    const doc = (await w.call(null, 'GET', '/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown[];
            requestBody?: unknown;
            responses: Record<
              string,
              { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
            >;
          }
        >
      >;
    };
    const routes = {
      '/api/leagues/{id}/questions': ['get', 'post'],
      '/api/leagues/{id}/questions/{questionId}': ['put', 'delete'],
      '/api/leagues/{id}/questions/{questionId}/answer': ['put'],
      '/api/leagues/{id}/questions/{questionId}/answers': ['get'],
      '/api/leagues/{id}/questions/{questionId}/settlement': ['put', 'delete'],
    };
    for (const [path, methods] of Object.entries(routes)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
      for (const m of methods) {
        const op = doc.paths[path]![m]!;
        expect(op.security?.length, `${m} ${path}`).toBeGreaterThan(0);
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('2')),
          `${m} ${path}`,
        ).toBe(true);
        if (m === 'post' || m === 'put') expect(op.requestBody, `${m} ${path}`).toBeDefined();
      }
    }
    const question = doc.paths['/api/leagues/{id}/questions/{questionId}/answer']!.put!.responses['200']!.content![
      'application/json'
    ]!.schema.properties!.question as { properties: Record<string, unknown> };
    expect(Object.keys(question.properties)).toEqual(
      expect.arrayContaining(['mine', 'answered', 'tally', 'settlement', 'locksAt']),
    );
  });
});
