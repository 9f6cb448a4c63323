import { positionChange } from '../../../game/ranking.js';
import { outcomeOfTier, pickPoints, ruleKind, tierOf, type ScoringRule } from '../../../game/scoring.js';
import { countingScore, DEFAULT_KNOCKOUT_RULE, type KnockoutRule, type Side } from '../../../game/knockout.js';
import { pickedQualifier, tieRoleOf } from '../../../game/qualifier.js';
import type {
  League,
  LeaguePosition,
  LeagueScoring,
  Pick as PickDto,
  PublicLeague,
  TableRow as TableRowDto,
} from '../../../contract/leagues.js';
import {
  scoringOf,
  type LeagueRow,
  type LeagueSummaryRow,
  type PickRow,
  type PositionRow,
  type TableRow,
} from './repository.js';

/** A league's scoring as its page states it. */
export function presentScoring(
  row: Pick<
    LeagueRow,
    'ruleExact' | 'ruleDifference' | 'ruleOutcome' | 'bankersAllowed' | 'qualifierPoints' | 'scoringChangedAt'
  >,
): LeagueScoring {
  const { rule, bankersAllowed } = scoringOf(row);
  return { rule, kind: ruleKind(rule), bankersAllowed, changedAt: row.scoringChangedAt };
}

/** contract/leagues.ts is the shape of everything here. */
export function presentLeague(row: LeagueSummaryRow, viewerId: string): League {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    competition: row.competition,
    privacy: row.privacy,
    isCreator: row.creatorId === viewerId,
    isMember: Number(row.isMember) > 0,
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt,
    scoring: presentScoring(row),
    knockoutRule: row.knockoutRule,
    qualifierPoints: Number(row.qualifierPoints),
  };
}

/** A public league's code is shown only to its members (the list itself joins by id). */
export function presentPublicLeague(row: LeagueSummaryRow, viewerId: string): PublicLeague {
  const dto = presentLeague(row, viewerId);
  return { ...dto, code: dto.isMember ? dto.code : null };
}

export function presentTableRow(row: TableRow, creatorId: string, viewerId: string): TableRowDto {
  return {
    userId: row.userId,
    rank: row.rank,
    position: row.position,
    displayName: row.displayName,
    points: row.points,
    exactScores: row.exact,
    bonus: row.bonus,
    isCreator: row.userId === creatorId,
    isViewer: row.userId === viewerId,
  };
}

/** A member's pick as the league shows it: its points under the league's rule once scored (a banker doubled where bankers count). */
export function presentPick(
  row: PickRow,
  scoring: { rule: ScoringRule; bankersAllowed: boolean; qualifierPoints?: number },
  knockoutRule: KnockoutRule = DEFAULT_KNOCKOUT_RULE,
  /** Who went through each settled tie of the season, as a side of its deciding match (src/game/qualifier.ts `decidedTies`). */
  through: ReadonlyMap<string, Side> = new Map(),
): PickDto {
  const p = row.prediction;
  const scored = p !== null && p.points !== null && p.tier !== null;
  // The stored tier is against the score after 90 minutes; a league that counts extra time tiers a
  // match that had it against the score after it (src/game/knockout.ts), as its table does.
  const extraTime = row.result?.extraTime;
  const tier =
    scored && extraTime && knockoutRule !== DEFAULT_KNOCKOUT_RULE
      ? tierOf(p!, countingScore({ ninety: row.result!, extraTime }, knockoutRule))
      : (p?.tier ?? null);
  const named = p && pickedQualifier(tieRoleOf(row), p);
  const wentThrough = through.get(row.id);
  return {
    fixtureId: row.id,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    kickoffAt: row.kickoffAt,
    gameweek: row.gameweek,
    result: row.result && {
      homeScore: row.result.homeScore,
      awayScore: row.result.awayScore,
      final: Boolean(row.result.final),
      // A knockout match's extra time and shoot-out, as every screen that shows a result says them.
      ...(row.result.extraTime ? { extraTime: row.result.extraTime } : {}),
      ...(row.result.penalties ? { penalties: row.result.penalties } : {}),
    },
    prediction: p && {
      homeScore: p.homeScore,
      awayScore: p.awayScore,
      points: scored
        ? pickPoints(tier!, scoring.rule, { banker: p.banker, bankersCount: scoring.bankersAllowed })
        : null,
      outcome: scored ? outcomeOfTier(tier!) : null,
      tier: scored ? tier : null,
      banker: p.banker,
      qualifier: named,
      qualifierPoints:
        scoring.qualifierPoints && wentThrough ? (named === wentThrough ? scoring.qualifierPoints : 0) : null,
    },
  };
}

export function presentPosition(row: PositionRow, hasPrevious: boolean): LeaguePosition {
  return {
    leagueId: row.leagueId,
    name: row.name,
    position: row.position,
    memberCount: row.memberCount,
    points: row.points,
    change: hasPrevious ? positionChange(row.previousPosition, row.position) : 'same',
  };
}
