import { countingScore, type KnockoutRule } from '../../../game/knockout.js';
import { tierOf } from '../../../game/scoring.js';
import type { DB } from '../../db/index.js';
import { countsWith, SEASON_TOTAL, type CountsChange, type SeasonCounts } from '../../points/season-counts.js';
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
 * Worked out once per kept counts and kind of league: the counts are replaced whenever a result
 * or a change of picks moves them, which is all that moves the picks read here.
 */
const adjustedCounts = new WeakMap<SeasonCounts, Map<string, Promise<SeasonCounts>>>();

export function countsUnderLeague(
  db: DB,
  seasonId: string,
  counts: SeasonCounts,
  league: { knockoutRule: KnockoutRule; qualifierPoints: number },
): Promise<SeasonCounts> {
  const extraTime = league.knockoutRule === 'extra-time';
  const qualifiers = league.qualifierPoints > 0;
  if (!extraTime && !qualifiers) return Promise.resolve(counts);
  const key = `${extraTime}:${qualifiers}`;
  let kinds = adjustedCounts.get(counts);
  if (!kinds) adjustedCounts.set(counts, (kinds = new Map()));
  let adjusted = kinds.get(key);
  if (!adjusted) {
    adjusted = Promise.all([
      extraTime ? extraTimePicks(db, seasonId).then(extraTimeChanges) : [],
      qualifiers ? seasonQualifierChanges(db, seasonId) : [],
    ]).then(([moved, named]) => countsWith(counts, [...moved, ...named]));
    // A failed read is not kept: the next request tries again.
    adjusted.catch(() => kinds.delete(key));
    kinds.set(key, adjusted);
  }
  return adjusted;
}

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
