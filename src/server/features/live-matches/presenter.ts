import { deriveStatus, type FixtureStatus } from '../../../game/fixture-status.js';
import { isPredictionOpen } from '../../../game/deadline.js';
import { pointsOnCard } from '../../../game/scoring.js';
import type { LiveMatches, Match } from '../../../contract/live-matches.js';
import { presentKeptFixture } from '../fixtures/index.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import type { OwnPick } from '../predictions/index.js';

/** What the Live Matches screen shows: the matches listed (today's and every live one) with the viewer's picks, and the day. */
export interface LiveMatchesParts {
  now: Date;
  seasonId: string;
  timeZone: string;
  today: string;
  listed: readonly FixtureRow[];
  mine: ReadonlyMap<string, OwnPick>;
  nextMatchDay: string | null;
}

/** What the viewer's pick earns on the card under the standard rule (a banker doubled): stored once final, provisional in play. */
function matchPoints(row: FixtureRow, pick: OwnPick | null, status: FixtureStatus): Match['points'] {
  // A score counts once the match has kicked off (an in-play score of a match moved later does not).
  const counts = status === 'finished' || status === 'live' || status === 'awaiting';
  const card =
    counts && pick && row.result ? pointsOnCard(pick, { ...row.result, final: Boolean(row.result.final) }) : null;
  return card && { points: card.points, outcome: card.outcome, provisional: card.provisional };
}

/** The viewer's pick as the screen shows it. */
const matchPick = (pick: OwnPick | null): Match['prediction'] =>
  pick && { homeScore: pick.homeScore, awayScore: pick.awayScore, banker: pick.banker };

/** A match on the Live Matches screen (contract/live-matches.ts `matchDto`): a kept fixture, presented once per status. */
function presentMatch(row: FixtureRow, pick: OwnPick | null, now: Date): Match {
  return {
    fixture: presentKeptFixture(row, now),
    prediction: matchPick(pick),
    points: matchPoints(row, pick, deriveStatus(row, row.result, now)),
    predictionOpen: isPredictionOpen(row, now),
  };
}

/** The Live Matches answer (contract `liveMatchesDto`). */
export function presentLiveMatches(parts: LiveMatchesParts): LiveMatches {
  return {
    season: parts.seasonId,
    timeZone: parts.timeZone,
    today: parts.today,
    matches: parts.listed.map((f) => presentMatch(f, parts.mine.get(f.id) ?? null, parts.now)),
    nextMatchDay: parts.nextMatchDay,
  };
}
