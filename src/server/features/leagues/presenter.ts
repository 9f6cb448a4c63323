import { z } from 'zod';
import { COMPETITIONS, PRIVACIES } from '../../../game/schemas/leagues.js';
import { positionChange } from '../../../game/ranking.js';
import type { LeagueSummaryRow, PickRow, PositionRow, TableRow } from './repository.js';

export const leagueDto = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  competition: z.enum(COMPETITIONS),
  privacy: z.enum(PRIVACIES),
  isCreator: z.boolean(),
  isMember: z.boolean(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type LeagueDto = z.infer<typeof leagueDto>;

/** Public leagues as seen by a non-member: no code (joining goes through the league id). */
export const publicLeagueDto = leagueDto.omit({ code: true }).extend({ code: z.string().nullable() });

const asCompetition = (v: string) => (COMPETITIONS as readonly string[]).includes(v) ? (v as LeagueDto['competition']) : 'premier-league';
const asPrivacy = (v: string) => (v === 'public' ? 'public' : 'private');

export function presentLeague(row: LeagueSummaryRow, viewerId: string): LeagueDto {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    competition: asCompetition(row.competition),
    privacy: asPrivacy(row.privacy),
    isCreator: row.creatorId === viewerId,
    isMember: Number(row.isMember) > 0,
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt,
  };
}

/** A public league's code is shown only to its members (the list itself joins by id). */
export function presentPublicLeague(row: LeagueSummaryRow, viewerId: string) {
  const dto = presentLeague(row, viewerId);
  return { ...dto, code: dto.isMember ? dto.code : null };
}

export const tableRowDto = z.object({
  userId: z.string(),
  rank: z.number(),
  position: z.number(),
  displayName: z.string(),
  points: z.number(),
  exactScores: z.number(),
  isCreator: z.boolean(),
  isViewer: z.boolean(),
});
export type TableRowDto = z.infer<typeof tableRowDto>;

export function presentTableRow(row: TableRow, creatorId: string, viewerId: string): TableRowDto {
  return {
    userId: row.userId,
    rank: row.rank,
    position: row.position,
    displayName: row.displayName,
    points: row.points,
    exactScores: row.exact,
    isCreator: row.userId === creatorId,
    isViewer: row.userId === viewerId,
  };
}

export const pickDto = z.object({
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: z.string(),
  gameweek: z.number().nullable(),
  result: z.object({ homeScore: z.number(), awayScore: z.number(), final: z.boolean() }).nullable(),
  prediction: z
    .object({ homeScore: z.number(), awayScore: z.number(), points: z.number().nullable(), outcome: z.enum(['exact', 'outcome', 'wrong']).nullable() })
    .nullable(),
});

export function presentPick(row: PickRow): z.infer<typeof pickDto> {
  const outcome = row.outcome === 'exact' || row.outcome === 'outcome' || row.outcome === 'wrong' ? row.outcome : null;
  return {
    fixtureId: row.fixtureId,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    kickoffAt: row.kickoffAt,
    gameweek: row.gameweek,
    result: row.resultHome === null || row.resultAway === null ? null : { homeScore: row.resultHome, awayScore: row.resultAway, final: Boolean(row.resultFinal) },
    prediction:
      row.predHome === null || row.predAway === null
        ? null
        : { homeScore: row.predHome, awayScore: row.predAway, points: row.points, outcome: row.points === null ? null : outcome },
  };
}

export const positionDto = z.object({
  leagueId: z.string(),
  name: z.string(),
  position: z.number(),
  memberCount: z.number(),
  points: z.number(),
  change: z.enum(['up', 'down', 'same']),
});

export function presentPosition(row: PositionRow, hasPrevious: boolean): z.infer<typeof positionDto> {
  return {
    leagueId: row.leagueId,
    name: row.name,
    position: row.position,
    memberCount: row.memberCount,
    points: row.points,
    change: hasPrevious ? positionChange(row.previousPosition, row.position) : 'same',
  };
}
