import { countingScore, type KnockoutRule } from '../../../game/knockout.js';
import { tierOf } from '../../../game/scoring.js';
import type { DB } from '../../db/index.js';
import { countsWith, SEASON_TOTAL, type CountsChange, type SeasonCounts } from '../../points/season-counts.js';
import { extraTimePicks, type ExtraTimePickRow } from './extra-time-repository.js';

/**
 * A season's tier counts as a league with its knockout rule sees them (docs/decisions/0116). The
 * kept counts (the points aggregate) tier every pick against the score after 90 minutes, the
 * default rule; a league that scores after extra time sees the same counts with the picks on the
 * matches that went to extra time tiered against the score after it instead
 * (src/game/knockout.ts `countingScore` decides which score counts). Those are few, so they are
 * read and moved on top of the kept counts rather than kept as a second aggregate; every table,
 * place and total of such a league is worked out from these counts by the one rule
 * (standings.ts), so no screen can disagree with another.
 *
 * Worked out once per kept counts: the counts are replaced whenever a result or a change of
 * picks moves them, which is all that moves the picks read here.
 */
const underExtraTime = new WeakMap<SeasonCounts, Promise<SeasonCounts>>();

export function countsUnderRule(
  db: DB,
  seasonId: string,
  counts: SeasonCounts,
  rule: KnockoutRule,
): Promise<SeasonCounts> {
  if (rule === 'ninety') return Promise.resolve(counts);
  let adjusted = underExtraTime.get(counts);
  if (!adjusted) {
    adjusted = extraTimePicks(db, seasonId).then((picks) => countsWith(counts, extraTimeChanges(picks)));
    // A failed read is not kept: the next request tries again.
    adjusted.catch(() => underExtraTime.delete(counts));
    underExtraTime.set(counts, adjusted);
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
