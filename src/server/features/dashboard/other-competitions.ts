import type { FastifyInstance } from 'fastify';
import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import type { Dashboard } from '../../../contract/dashboard.js';
import { tag } from '../../read-model/index.js';
import { seasonFixtureRows } from '../../seasons/kept-fixtures.js';
import { loadSeasonState, type SeasonRef } from '../../seasons/service.js';
import { competitionsOfPlayer } from '../../seasons/competitions-of-player.js';
import { predictedAmong } from './repository.js';

/**
 * The dashboard leads with the Premier League's current season; a player who also plays another
 * competition (a pick in it, or a league of it) sees that competition's next deadline too, so the
 * next deadline shows whatever the competition. Per competition: its current season's gameweek
 * with the soonest open match, how many of that gameweek's open matches the player has predicted,
 * and when the first of them closes. Matches whose teams are not known yet take no pick and are
 * left out. Soonest deadline first; none when nothing is open.
 */
export async function otherCompetitions(
  app: FastifyInstance,
  userId: string,
  season: SeasonRef,
  now: Date,
): Promise<NonNullable<Dashboard['elsewhere']>> {
  const state = await loadSeasonState(app.deps.seasons, now);
  const others = [...state.competitions.entries()].filter(
    ([id, c]) => id !== season.competitionId && c.current !== null,
  );
  if (others.length === 0) return [];
  // Kept per player: only a pick of theirs or a change of their leagues moves it.
  const plays = new Set(
    await app.deps.readModel.get(
      `competitions-played:${userId}`,
      [tag.userPicks(userId), tag.userLeagues(userId)],
      async () => [...(await competitionsOfPlayer(app.deps.db, userId))],
    ),
  );
  const out: NonNullable<Dashboard['elsewhere']> = [];
  for (const [competitionId, { current }] of others) {
    if (!plays.has(competitionId) || !current) continue;
    const rows = await seasonFixtureRows(app, current.id);
    const open = rows.filter(
      (f) => !f.homeLabel && !f.awayLabel && !(f.result && f.result.final) && predictionWindow(f, now) === 'open',
    );
    if (open.length === 0) continue;
    const deadlineOf = (f: (typeof open)[number]) => predictionDeadline(f)!.toISOString();
    const first = open.reduce((a, b) => (deadlineOf(b) < deadlineOf(a) ? b : a));
    const gameweek = open.filter((f) => f.gameweek === first.gameweek);
    const predicted = await predictedAmong(
      app.deps.db,
      userId,
      gameweek.map((f) => f.id),
    );
    out.push({
      seasonId: current.id,
      competitionId,
      gameweek: first.gameweek,
      open: gameweek.length,
      predicted: gameweek.filter((f) => predicted.has(f.id)).length,
      deadline: deadlineOf(first),
    });
  }
  return out.sort((a, b) => a.deadline.localeCompare(b.deadline));
}
