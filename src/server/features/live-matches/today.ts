import type { FastifyInstance } from 'fastify';
import { deriveStatus, LIVE_WINDOW_MS } from '../../../game/fixture-status.js';
import { zonedDateKept, zonedDay } from '../../../game/time.js';
import { firstKickoffFrom, kickoffOrder, seasonFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { ownPredictionsOf } from '../predictions/index.js';
import { resolveSeason } from '../../seasons/service.js';
import type { LiveMatchesParts } from './presenter.js';

/**
 * What the Live Matches screen shows now in `timeZone` (a known zone): the current season's
 * matches of the viewer's day and every one still in play, with the viewer's picks.
 */
export async function liveMatchesParts(
  app: FastifyInstance,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<LiveMatchesParts> {
  const day = zonedDay(timeZone, now);
  const season = await resolveSeason(app.deps.seasons, now);
  // From the season's kept fixtures in kick-off order (seasons/kept-fixtures.ts): the day's, those kicked
  // off within the live window that are still in play, and the next kick-off after the day.
  const order = kickoffOrder(await seasonFixtureRows(app, season.id));
  const { from, to } = day;
  const t = now.getTime();
  const listed: FixtureRow[] = [];
  const first = Math.min(firstKickoffFrom(order, from), firstKickoffFrom(order, t - LIVE_WINDOW_MS));
  for (let i = first; i < order.rows.length && order.kickoffs[i]! <= Math.max(to - 1, t); i++) {
    const f = order.rows[i]!;
    const at = order.kickoffs[i]!;
    if ((at >= from && at < to) || deriveStatus(f, f.result, now) === 'live') listed.push(f);
  }
  let next: string | null = null;
  for (let i = firstKickoffFrom(order, to); i < order.rows.length && next === null; i++)
    if (!order.rows[i]!.postponed) next = order.rows[i]!.kickoffAt;
  return {
    now,
    seasonId: season.id,
    timeZone,
    today: day.date,
    listed,
    mine: await ownPredictionsOf(app, userId, season.id, listed),
    nextMatchDay: next ? zonedDateKept(next, timeZone) : null,
  };
}
