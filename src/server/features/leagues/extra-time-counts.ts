import { countingScore, type KnockoutRule } from '../../../game/knockout.js';
import { tierOf } from '../../../game/scoring.js';
import type { FastifyInstance } from 'fastify';
import { countsWith, SEASON_TOTAL, type CountsChange, type SeasonCounts } from '../../points/season-counts.js';
import { seasonCounts } from '../../points/season-totals.js';
import { tag } from '../../read-model/index.js';
import { extraTimePicks, type ExtraTimePickRow } from './extra-time-repository.js';
import { seasonQualifierChanges } from './qualifier-counts.js';

/**
 * A season's tier counts as a league with its knockout rule and qualifier points sees them
 * (docs/decisions/0116, 0118). The kept counts (the points aggregate) tier every pick against the
 * score after 90 minutes, the default rule, and name no team through a tie. A league that scores
 * after extra time sees the same counts with the picks on the matches that went to extra time
 * tiered against the score after it instead (src/game/knockout.ts `countingScore` decides which
 * score counts); a league with qualifier points sees the ties each player named right
 * (qualifier-counts.ts). Both are few picks, so they are read and moved on top of the kept counts
 * rather than kept as second aggregates; every table, place and total of such a league is worked
 * out from these counts by the one rule (standings.ts), so no screen can disagree with another.
 *
 * Kept in the read model per season and kind of league (extra time, qualifier points), with the
 * tags of what moves it: the season's points (the kept counts, the results with extra time, who
 * went through a tie, the scored picks: every result, fixture and gameweek change and deleted
 * account touches them), its picks and its schedule (the gameweek a pick counts in). A pick saved
 * or changed moves nothing here: only a match with no result takes one (predictions/routes.ts),
 * and only matches with results are read.
 */
export async function countsUnderLeague(
  app: FastifyInstance,
  seasonId: string,
  league: { knockoutRule: KnockoutRule; qualifierPoints: number },
): Promise<SeasonCounts> {
  const extraTime = league.knockoutRule === 'extra-time';
  const qualifiers = league.qualifierPoints > 0;
  if (!extraTime && !qualifiers) return seasonCounts(app, seasonId);
  const { db } = app.deps;
  const kept = await app.deps.readModel.get(
    `league-counts:${seasonId}:${extraTime ? 'extra-time' : 'ninety'}:${qualifiers ? 'qualifiers' : 'none'}`,
    [tag.seasonPoints(seasonId), tag.seasonPicks(seasonId), tag.seasonSchedule(seasonId)],
    async (): Promise<AdjustedCounts> => {
      const [counts, moved, named] = await Promise.all([
        seasonCounts(app, seasonId),
        extraTime ? extraTimePicks(db, seasonId).then(extraTimeChanges) : [],
        qualifiers ? seasonQualifierChanges(db, seasonId) : [],
      ]);
      const adjusted = countsWith(counts, [...moved, ...named]);
      return { counts: adjusted, bytes: ownBytes(adjusted, counts) };
    },
    { bytes: (v) => v.bytes },
  );
  return kept.counts;
}

/** Adjusted counts, and the bytes they hold of their own (what they share with the kept counts is counted with those). */
interface AdjustedCounts {
  counts: SeasonCounts;
  bytes: number;
}

const ownBytes = (adjusted: SeasonCounts, base: SeasonCounts): number => {
  if (adjusted === base) return 64;
  // The players' slots are copied whole; the gameweeks only where a pick moved.
  let bytes = 256;
  for (const id of adjusted.slots.keys()) bytes += 64 + id.length * 2;
  for (const [gameweek, packed] of adjusted.byGameweek)
    if (base.byGameweek.get(gameweek) !== packed) bytes += 64 + packed.byteLength;
  return bytes;
};

/** How each pick moves when its match is scored after extra time: out of its 90-minute tier, into its extra-time one, in its gameweek and the season's total. */
export function extraTimeChanges(picks: readonly ExtraTimePickRow[]): CountsChange[] {
  const out: CountsChange[] = [];
  for (const p of picks) {
    const score = {
      ninety: { homeScore: p.resultHome, awayScore: p.resultAway },
      extraTime: { homeScore: p.resultHomeEt, awayScore: p.resultAwayEt },
    };
    const before = tierOf(p, countingScore(score, 'ninety'));
    const after = tierOf(p, countingScore(score, 'extra-time'));
    if (before === after) continue;
    const banker = p.banker === 1;
    for (const gameweek of p.gameweek === null ? [SEASON_TOTAL] : [SEASON_TOTAL, p.gameweek]) {
      if (before !== 'wrong') out.push({ userId: p.userId, gameweek, tier: before, banker, by: -1 });
      if (after !== 'wrong') out.push({ userId: p.userId, gameweek, tier: after, banker, by: 1 });
    }
  }
  return out;
}
