import { leaderboardName, positionChange, rankRows } from '../../../game/ranking.js';
import { pickPoints, pointsOnCard, ruleKind, type ScoringRule } from '../../../game/scoring.js';
import type {
  League,
  LeaguePosition,
  LeagueScoring,
  LiveTable,
  Pick as PickDto,
  PublicLeague,
  TableRow as TableRowDto,
} from '../../../contract/leagues.js';
import {
  scoringOf,
  type LeagueRow,
  type LeagueSummaryRow,
  type LivePredictionRow,
  type LiveTableMember,
  type PickRow,
  type PositionRow,
  type TableRow,
} from './repository.js';

/** A league's scoring as its page states it. */
export function presentScoring(
  row: Pick<LeagueRow, 'ruleExact' | 'ruleDifference' | 'ruleOutcome' | 'bankersAllowed' | 'scoringChangedAt'>,
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
export function presentPick(row: PickRow, scoring: { rule: ScoringRule; bankersAllowed: boolean }): PickDto {
  const p = row.prediction;
  const scored = p !== null && p.points !== null && p.tier !== null;
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
    },
    prediction: p && {
      homeScore: p.homeScore,
      awayScore: p.awayScore,
      points: scored
        ? pickPoints(p.tier!, scoring.rule, { banker: p.banker, bankersCount: scoring.bankersAllowed })
        : null,
      outcome: scored ? p.outcome : null,
      tier: scored ? p.tier : null,
      banker: p.banker,
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

/** The live table: stored totals plus what the in-play scores would add, ranked by the sum, all under the league's rule. */
export function presentLiveTable(
  leagueId: string,
  seasonId: string,
  scoring: { rule: ScoringRule; bankersAllowed: boolean },
  members: LiveTableMember[],
  live: LivePredictionRow[],
  liveMatches: number,
): LiveTable {
  const provisional = new Map<string, number>();
  for (const p of live) {
    const points =
      pointsOnCard(
        { ...p, banker: Number(p.banker) === 1 },
        { homeScore: p.rHome, awayScore: p.rAway, final: false },
        scoring,
      )?.points ?? 0;
    provisional.set(p.userId, (provisional.get(p.userId) ?? 0) + points);
  }
  const rows = rankRows(
    members.map((m) => {
      const extra = provisional.get(m.userId) ?? 0;
      return {
        userId: m.userId,
        name: leaderboardName({ teamName: m.teamName, username: m.username, displayName: m.name }),
        isCreator: m.creatorId === m.userId,
        storedPoints: m.storedPoints,
        provisionalPoints: extra,
        points: m.storedPoints + extra,
      };
    }),
  );
  return { leagueId, season: seasonId, liveMatches, rows };
}
