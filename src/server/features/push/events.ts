import type { FastifyInstance } from 'fastify';
import { displayTeamName } from '../../../game/clubs.js';
import type { PushPayload } from '../../../contract/push.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { isQuietAt } from '../../../game/push-reminders.js';
import { claimPushes, markPush, pushRecipients, subscriptionsOf, type PushKind } from './repository.js';

/** Only changes this recent become messages: a start-up or a reconnect does not replay old news. */
const RECENT_MS = 15 * 60_000;
/** A live match lasts about 2 h 15 min; a provisional score older than this is not news. */
const LIVE_MS = 3 * 60 * 60_000;

interface Message {
  key: string;
  userId: string;
  payload: PushPayload;
}

/**
 * League news and goals, driven by the change events published after each commit (every instance
 * hears them; the push log's key lets one send). Each kind goes only to players who turned it on
 * and have a device, outside their quiet hours (news is never urgent: during quiet hours it is
 * dropped, not held). Goals go to players who picked that match, whose deadline has passed.
 */
export function startPushEvents(app: FastifyInstance): (() => Promise<void>) & { idle(): Promise<void> } {
  let chain: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((err: unknown) => app.log.warn({ err }, 'A push notification job failed'));
  };
  const unsubscribe = app.deps.bus.subscribe((event: LiveEvent) => {
    if (event.type === 'bonus-questions.changed') run(() => newQuestions(app, event.leagueId));
    else if (event.type === 'membership.changed') run(() => newMembers(app));
    else if (event.type === 'live-score.changed') run(() => goals(app));
    else if (event.type === 'results.changed') run(() => gameweekResults(app, event.seasonId));
  });
  const stop = async () => {
    unsubscribe();
    await chain;
  };
  // Tests wait for the jobs the events started.
  return Object.assign(stop, { idle: async () => void (await chain) });
}

async function send(app: FastifyInstance, kind: PushKind, messages: Message[]) {
  if (messages.length === 0) return;
  const { db, handle, clock } = app.deps;
  const now = clock.now();
  const recipients = await pushRecipients(db, handle.dialect, kind, [...new Set(messages.map((m) => m.userId))]);
  const awake = new Set(
    recipients
      .filter((r) => !isQuietAt(now, { start: r.quietStart, end: r.quietEnd, zone: r.timeZone }))
      .map((r) => r.userId),
  );
  const wanted = messages.filter((m) => awake.has(m.userId));
  const won = await claimPushes(
    db,
    wanted.map((m) => ({ key: m.key, userId: m.userId, kind })),
    now.toISOString(),
  );
  const mine = wanted.filter((m) => won.has(m.key));
  const targets = await subscriptionsOf(db, [...new Set(mine.map((m) => m.userId))]);
  for (const m of mine)
    app.pushQueue.enqueue({
      targets: targets.filter((t) => t.userId === m.userId),
      payload: m.payload,
      // News is not retried: a late "new member" is noise.
      done: (delivered) => markPush(db, m.key, delivered ? { sentAt: clock.nowIso() } : 'failed'),
    });
}

async function newQuestions(app: FastifyInstance, leagueId: string) {
  const { db, clock } = app.deps;
  const since = new Date(clock.now().getTime() - RECENT_MS).toISOString();
  const questions = await db
    .selectFrom('leagueQuestions')
    .innerJoin('leagues', 'leagues.id', 'leagueQuestions.leagueId')
    .where('leagueQuestions.leagueId', '=', leagueId)
    .where('leagueQuestions.createdAt', '>=', since)
    .where('leagueQuestions.locksAt', '>', clock.nowIso())
    .select(['leagueQuestions.id', 'leagueQuestions.createdBy', 'leagues.name'])
    .execute();
  if (questions.length === 0) return;
  const members = await db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute();
  const messages: Message[] = [];
  for (const q of questions)
    for (const m of members)
      if (m.userId !== q.createdBy)
        messages.push({
          key: `league-news|question|${q.id}|${m.userId}`,
          userId: m.userId,
          payload: {
            title: `New bonus question in ${q.name}`,
            body: 'Answer it before it locks.',
            url: '/leagues',
          },
        });
  await send(app, 'leagueNews', messages);
}

async function newMembers(app: FastifyInstance) {
  const { db, clock } = app.deps;
  const since = new Date(clock.now().getTime() - RECENT_MS).toISOString();
  const joined = await db
    .selectFrom('leagueMembers')
    .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
    .innerJoin('user', 'user.id', 'leagueMembers.userId')
    .where('leagueMembers.joinedAt', '>=', since)
    .select(['leagueMembers.leagueId', 'leagueMembers.userId', 'leagues.name', 'user.teamName'])
    .execute();
  if (joined.length === 0) return;
  const others = await db
    .selectFrom('leagueMembers')
    .select(['leagueId', 'userId'])
    .where('leagueId', 'in', [...new Set(joined.map((j) => j.leagueId))])
    .execute();
  const messages: Message[] = [];
  for (const j of joined)
    for (const o of others)
      if (o.leagueId === j.leagueId && o.userId !== j.userId)
        messages.push({
          key: `league-news|member|${j.leagueId}|${j.userId}|${o.userId}`,
          userId: o.userId,
          payload: {
            title: `New member in ${j.name}`,
            body: `${j.teamName ?? 'A new player'} joined the league.`,
            url: '/leagues',
          },
        });
  await send(app, 'leagueNews', messages);
}

async function goals(app: FastifyInstance) {
  const { db, clock } = app.deps;
  const now = clock.now();
  const scores = await db
    .selectFrom('results')
    .innerJoin('fixtures', 'fixtures.id', 'results.fixtureId')
    .where('results.final', '=', 0)
    .where('results.updatedAt', '>=', new Date(now.getTime() - LIVE_MS).toISOString())
    .where('fixtures.kickoffAt', '<=', now.toISOString())
    .where((eb) => eb(eb('results.homeScore', '+', eb.ref('results.awayScore')), '>', 0))
    .select(['fixtures.id', 'fixtures.homeTeam', 'fixtures.awayTeam', 'results.homeScore', 'results.awayScore'])
    .execute();
  if (scores.length === 0) return;
  // Kicked off, so every deadline here has passed: whose pick it was is no secret any more.
  const pickers = await db
    .selectFrom('predictions')
    .select(['userId', 'fixtureId'])
    .where(
      'fixtureId',
      'in',
      scores.map((s) => s.id),
    )
    .execute();
  const messages: Message[] = [];
  for (const s of scores)
    for (const p of pickers)
      if (p.fixtureId === s.id)
        messages.push({
          key: `goal|${s.id}|${s.homeScore}-${s.awayScore}|${p.userId}`,
          userId: p.userId,
          payload: {
            title: 'Goal!',
            body: `${displayTeamName(s.homeTeam)} ${s.homeScore}–${s.awayScore} ${displayTeamName(s.awayTeam)}`,
            url: '/matches',
          },
        });
  await send(app, 'goals', messages);
}

/**
 * A gameweek whose every match (postponed ones aside) has its final result, the last one saved
 * just now: each player who scored in it hears their points. A result corrected later sends
 * nothing more (the key is the gameweek's).
 */
async function gameweekResults(app: FastifyInstance, seasonId: string) {
  const { db, clock } = app.deps;
  const since = new Date(clock.now().getTime() - RECENT_MS).toISOString();
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('results', (j) => j.onRef('results.fixtureId', '=', 'fixtures.id').on('results.final', '=', 1))
    .where('fixtures.seasonId', '=', seasonId)
    .where('fixtures.gameweek', 'is not', null)
    .where('fixtures.postponed', '=', 0)
    .groupBy('fixtures.gameweek')
    .select((eb) => [
      'fixtures.gameweek',
      eb.fn.count<number>('fixtures.id').as('total'),
      eb.fn.count<number>('results.fixtureId').as('done'),
      eb.fn.max('results.updatedAt').as('last'),
    ])
    .execute();
  const finished = rows
    .filter((r) => r.gameweek !== null && Number(r.total) === Number(r.done) && r.last !== null && r.last >= since)
    .map((r) => r.gameweek!);
  if (finished.length === 0) return;
  // Those who want the message and have a device first: every player has points, and reading and
  // wording them all held the event loop after each result of a finished gameweek.
  const wanting = (await pushRecipients(db, app.deps.handle.dialect, 'results')).map((r) => r.userId);
  if (wanting.length === 0) return;
  const points = await db
    .selectFrom('userPoints')
    .select(['userId', 'gameweek', 'points'])
    .where('seasonId', '=', seasonId)
    .where('gameweek', 'in', finished)
    .where('userId', 'in', wanting)
    .execute();
  await send(
    app,
    'results',
    points.map((p) => ({
      key: `results|${seasonId}|${p.gameweek}|${p.userId}`,
      userId: p.userId,
      payload: {
        title: `Gameweek ${p.gameweek} results are in`,
        body: p.points === 1 ? 'You scored 1 point.' : `You scored ${p.points} points.`,
        url: '/leaderboard',
      },
    })),
  );
}
