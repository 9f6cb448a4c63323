import type { Stage } from '../../game/stages.js';
import { exec, step } from './bounded.js';
import { roundNumber } from './round-number.js';

/** Longest round text read; longer is not a round. */
const HEADING_MAX = 60;
// `League, Matchday 3` or `Playoffs, Matchday 2`: a stage word, a comma, a numbered matchday.
const NUMBERED = /^([A-Za-z][A-Za-z -]{0,20}),\s*(?:matchday|round)\s*(\d{1,3})$/i;

/** Stage names as openfootball and others write them, squeezed (lower case, no spaces, hyphens or dots). */
const STAGE_WORDS: ReadonlyMap<string, Stage> = new Map<string, Stage>([
  ['league', 'league-phase'],
  ['leaguephase', 'league-phase'],
  ['groupstage', 'group'],
  ['playoffs', 'play-offs'],
  ['playoff', 'play-offs'],
  ['knockoutplayoffs', 'play-offs'],
  ['knockoutroundplayoffs', 'play-offs'],
  ['roundof32', 'round-of-32'],
  ['roundof16', 'round-of-16'],
  ['eighthfinals', 'round-of-16'],
  ['quarterfinals', 'quarter-finals'],
  ['quarterfinal', 'quarter-finals'],
  ['semifinals', 'semi-finals'],
  ['semifinal', 'semi-finals'],
  ['matchforthirdplace', 'third-place'],
  ['thirdplace', 'third-place'],
  ['thirdplaceplayoff', 'third-place'],
  ['3rdplace', 'third-place'],
  ['final', 'final'],
]);

/** What a round heading or round name says: a plain matchday (a league), or a stage and perhaps its matchday. */
export type RoundHeading = { stage?: undefined; number: number } | { stage: Stage; number?: number };

/** The round names a file may use, for messages. */
export const KNOWN_ROUNDS =
  '"Matchday 1", "League, Matchday 1", "Playoffs, Matchday 1", "Round of 32", "Round of 16", "Quarterfinals", "Semifinals", "Match for third place" or "Final"';

/** Lower case without spaces, dots or dashes, in one pass (no pattern: the text may be anything). */
function squeeze(text: string): string {
  let out = '';
  for (const ch of text) if (!' \t.-–'.includes(ch)) out += ch;
  step(text.length);
  return out.toLowerCase();
}

/**
 * `Matchday 12` → a league's round 12; `League, Matchday 3` → the league phase's matchday 3;
 * `Playoffs, Matchday 2`; `Finals, Round of 16` or `Round of 16`; `Quarterfinals`, `Quarter-final`;
 * `Match for third place`; `Final`. Null for anything else (the caller says which names it knows).
 */
export function readRoundHeading(text: string): RoundHeading | null {
  // Measured before anything reads it (decision 0052): a round of 80,000 spaces and a digit is not "1".
  if (text.length > HEADING_MAX) return null;
  const t = text.trim();
  const plain = roundNumber(t);
  if (plain !== null) return plain >= 1 ? { number: plain } : null;
  const numbered = exec(NUMBERED, t);
  if (numbered) {
    const stage = STAGE_WORDS.get(squeeze(numbered[1]!));
    const number = Number(numbered[2]);
    return stage && number >= 1 ? { stage, number } : null;
  }
  // `Finals, Round of 16`: the word before the comma only groups the knockout rounds.
  const comma = t.indexOf(',');
  const before = comma === -1 ? '' : squeeze(t.slice(0, comma));
  const rest = before === 'finals' || before === 'final' ? t.slice(comma + 1) : t;
  const stage = STAGE_WORDS.get(squeeze(rest));
  return stage && stage !== 'league-phase' ? { stage } : null;
}
