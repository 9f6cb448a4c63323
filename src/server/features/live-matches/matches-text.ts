import { deriveStatus } from '../../../game/fixture-status.js';
import { isPredictionOpen } from '../../../game/deadline.js';
import { liveMatchesDto, matchDto } from '../../../contract/live-matches.js';
import { arrayText, jsonText, objectText } from '../../plugins/json-text.js';
import { fixtureText } from '../fixtures/fixture-text.js';
import type { FixtureRow } from '../fixtures/queries.js';
import type { OwnPick } from '../predictions/repository.js';
import { matchPick, matchPoints, type LiveMatchesParts } from './presenter.js';

/** The viewer's pick as text, written per request (decision 0104: kept per pick, it outgrew the player cache). */
const pickText = (pick: OwnPick | null): string =>
  pick ? jsonText(matchDto.shape.prediction, matchPick(pick)) : 'null';

/** A match as text: `jsonText(matchDto, presentMatch(row, pick, now))`, the fixture and the pick from kept texts. */
function matchText(row: FixtureRow, pick: OwnPick | null, now: Date): string {
  const points = matchPoints(row, pick, deriveStatus(row, row.result, now));
  return objectText(matchDto, {
    fixture: fixtureText(row, now),
    prediction: pickText(pick),
    points: points ? jsonText(matchDto.shape.points, points) : 'null',
    predictionOpen: JSON.stringify(isPredictionOpen(row, now)),
  });
}

/** The Live Matches answer as JSON text (decision 0104): byte for byte `jsonText(liveMatchesDto, presentLiveMatches(parts))`. */
export function liveMatchesText(parts: LiveMatchesParts): string {
  return objectText(liveMatchesDto, {
    season: JSON.stringify(parts.seasonId),
    timeZone: JSON.stringify(parts.timeZone),
    today: JSON.stringify(parts.today),
    matches: arrayText(parts.listed.map((f) => matchText(f, parts.mine.get(f.id) ?? null, parts.now))),
    nextMatchDay: JSON.stringify(parts.nextMatchDay),
  });
}
