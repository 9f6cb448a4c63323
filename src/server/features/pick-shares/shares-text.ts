import { gameweekPickSharesReply, pickSharesDto } from '../../../contract/pick-shares.js';
import type { PickSummary } from '../../../game/pick-shares.js';
import { arrayText, jsonText, keptTexts, objectText } from '../../plugins/json-text.js';
import { presentShares } from './presenter.js';
import type { ShareFixture } from './repository.js';

/**
 * A match's shares as text, kept with what they show (decision 0104): an open match's with its
 * kept summary (cache.ts replaces a summary, never changes it, when what it counts moves), a
 * match before its deadline with its kept fixture row (its deadline is the row's alone). Every
 * player of a gameweek's board and Live Matches asks for the same shares.
 */
const openTexts = keptTexts<PickSummary>();
const hiddenTexts = keptTexts<ShareFixture>();

function sharesText(f: ShareFixture, summary: PickSummary | undefined): string {
  const make = () => jsonText(pickSharesDto, presentShares(f, summary));
  return summary ? openTexts(summary, [f.id], make) : hiddenTexts(f, [], make);
}

/**
 * A gameweek's pick shares as JSON text: byte for byte `jsonText(gameweekPickSharesReply, …)` of
 * the same answer. `fixtures` must be kept rows (the season's kept list, fixtures/kept.ts), each
 * with its summary when its picks are shown; only `now` and the scope are written per request.
 */
export function gameweekSharesText(answer: {
  now: Date;
  season: string;
  gameweek: number;
  league: { id: string; name: string } | null;
  fixtures: ReadonlyArray<{ fixture: ShareFixture; summary: PickSummary | undefined }>;
}): string {
  return objectText(gameweekPickSharesReply, {
    now: JSON.stringify(answer.now.toISOString()),
    season: JSON.stringify(answer.season),
    gameweek: JSON.stringify(answer.gameweek),
    league: jsonText(gameweekPickSharesReply.shape.league, answer.league),
    fixtures: arrayText(answer.fixtures.map((s) => sharesText(s.fixture, s.summary))),
  });
}
