import { gameweekSummaryDto } from '../../../contract/summary.js';
import { arrayText, jsonText, keptTexts, objectText } from '../../plugins/json-text.js';
import { boardMatchText } from '../predictions/board-text.js';
import { summaryTotals, type SummaryParts } from './summary.js';

const shape = gameweekSummaryDto.shape;
/** The season's gameweeks with results as text, per kept list (replaced with everyone's totals at each result). */
const scoredTexts = keptTexts<readonly number[]>();

/**
 * The gameweek summary as JSON text (decision 0104): byte for byte `jsonText(gameweekSummaryDto,
 * presentSummary(parts))`. Its matches are the board's rows (their fixtures' texts kept with the
 * kept fixtures, board-text.ts); the viewer's ranks, totals and `now` are written per request.
 */
export function summaryText(parts: SummaryParts): string {
  return objectText(gameweekSummaryDto, {
    now: JSON.stringify(parts.now.toISOString()),
    season: JSON.stringify(parts.seasonId),
    gameweek: JSON.stringify(parts.gameweek),
    scoredGameweeks: scoredTexts(parts.scoredGameweeks, [], () =>
      jsonText(shape.scoredGameweeks, [...parts.scoredGameweeks]),
    ),
    matches: arrayText(parts.fixtures.map((f) => boardMatchText(f, parts.mine.get(f.id), parts.now))),
    totals: jsonText(shape.totals, summaryTotals(parts)),
    overall: jsonText(shape.overall, parts.overall),
    leagues: jsonText(shape.leagues, [...parts.leagues]),
  });
}
