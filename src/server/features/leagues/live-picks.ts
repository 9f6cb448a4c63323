import type { FastifyInstance } from 'fastify';
import type { Scoreline } from '../../../game/scoring.js';
import { tag } from '../../read-model/index.js';
import { memberPicksOn } from './repository.js';

/** A member's pick on a match in play. */
export interface LivePick extends Scoreline {
  banker: boolean;
}

/** Each member's picks on the matches in play, by player, then by match. */
export type LivePicks = ReadonlyMap<string, ReadonlyMap<string, LivePick>>;

/** Bytes a member's picks hold, roughly: a map entry and its key, plus one small object per pick. */
const MEMBER_BYTES = 200;
const PICK_BYTES = 120;

/**
 * A league's members' picks on the scored matches in play, kept: asked once the matches are in
 * play, when their deadlines have passed and no pick on them can change, so an in-play score (a
 * few a minute on a Saturday) keeps them. Kept per league and set of matches, not per season: a
 * season's every pick on every match in play would grow with the players (a million players, six
 * matches: six million picks in each server), a league's with its members. Kept with the league's
 * members and the seasons' schedules as tags: a change of members, a fixture change or a deleted
 * account touches them (read-model/changes.ts).
 */
export function livePicksOf(app: FastifyInstance, leagueId: string, fixtureIds: readonly string[]): Promise<LivePicks> {
  return app.deps.readModel.get(
    `live-picks:${leagueId}:${fixtureIds.join(',')}`,
    [tag.leagueMembers(leagueId), tag.every('season-schedule')],
    async () => {
      const byMember = new Map<string, Map<string, LivePick>>();
      for (const p of await memberPicksOn(app.deps.db, leagueId, fixtureIds)) {
        let picks = byMember.get(p.userId);
        if (!picks) byMember.set(p.userId, (picks = new Map()));
        picks.set(p.fixtureId, { homeScore: p.homeScore, awayScore: p.awayScore, banker: Number(p.banker) === 1 });
      }
      return byMember;
    },
    {
      bytes: (byMember) => {
        let bytes = 256;
        for (const picks of byMember.values()) bytes += MEMBER_BYTES + picks.size * PICK_BYTES;
        return bytes;
      },
    },
  );
}
