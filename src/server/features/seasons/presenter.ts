import type { ClubInfo, CompetitionInfo, Season } from '../../../contract/seasons.js';
import { seasonPhase } from '../../../game/season-phase.js';
import type { ClubRow, SeasonCountsRow, SeasonSpanRow } from '../../seasons/repository.js';

/** contract/seasons.ts `seasonDto`. */
export function presentSeason(
  s: SeasonSpanRow,
  competition: CompetitionInfo,
  counts: SeasonCountsRow | undefined,
  currentId: string | null,
  now: Date,
): Season {
  return {
    id: s.id,
    label: s.label,
    competition,
    phase: seasonPhase(s, now),
    startDate: s.startDate,
    endDate: s.endDate,
    nextKickoff: counts?.nextKickoff ?? null,
    fixtures: counts?.fixtures ?? 0,
    results: counts?.results ?? 0,
    current: s.id === currentId,
  };
}

/** contract/seasons.ts `clubDto`. */
export function presentClub(c: ClubRow): ClubInfo {
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    code: c.code,
    primaryColour: c.primaryColour,
    secondaryColour: c.secondaryColour,
    pattern: c.pattern,
  };
}
