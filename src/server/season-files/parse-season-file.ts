import { checkSeasonStructure } from '../../game/season.js';
import { isKnockoutStage, isStage } from '../../game/stages.js';
import { isSpace, step } from './bounded.js';
import { parseFootballTxt } from './parse-football-txt.js';
import { parseOpenfootballJson, type JsonParseOptions } from './parse-openfootball-json.js';
import { SeasonFileError, type ParsedMatch, type SeasonFormat } from './types.js';

export type SeasonFileParse =
  | { ok: true; format: SeasonFormat; name: string; matches: ParsedMatch[]; warnings: string[] }
  | { ok: false; format: SeasonFormat; message: string; line?: number; match?: number };

export type SeasonFileOptions = JsonParseOptions;

/** JSON by the file name's extension, else by the first character; Football.TXT otherwise. */
export function detectSeasonFormat(text: string, fileName?: string): SeasonFormat {
  const dot = fileName?.lastIndexOf('.') ?? -1;
  const ext = fileName && dot !== -1 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (ext === 'json') return 'openfootball-json';
  if (ext === 'txt') return 'football-txt';
  return startsLikeJson(text) ? 'openfootball-json' : 'football-txt';
}

/** The first character after a byte-order mark and spaces is `{` or `[` (one pass, no pattern). */
export function startsLikeJson(text: string): boolean {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  step(i);
  return text[i] === '{' || text[i] === '[';
}

/**
 * The league checks, stage by stage (a pair may meet in the league phase and again in a
 * semi-final), on the matches whose teams are known ("N.N. v N.N." may be listed many times).
 * Both legs of a knockout stage may sit under one heading, so there only a pairing twice the
 * same way round is wrong.
 * Only a league file is measured against a full double round-robin.
 */
function structureOf(matches: readonly ParsedMatch[]): { errors: string[]; warnings: string[] } {
  const byStage = new Map<string, ParsedMatch[]>();
  for (const m of matches) {
    if (m.homeUnknown || m.awayUnknown) continue;
    const key = m.stage ?? 'league';
    const list = byStage.get(key);
    if (list) list.push(m);
    else byStage.set(key, [m]);
  }
  const checked = [...byStage.entries()].map(([stage, ms]) =>
    checkSeasonStructure(isStage(stage) && isKnockoutStage(stage) ? ms.map((m, i) => ({ ...m, round: i + 1 })) : ms),
  );
  const league = matches.every((m) => m.stage === undefined);
  return { errors: checked.flatMap((c) => c.errors), warnings: league ? checked.flatMap((c) => c.warnings) : [] };
}

/**
 * Reads a season file in either format and checks it whole: a result with every match, or the
 * first problem (with its line or match number) and nothing else. Structural errors (a club
 * twice in a round, a pairing twice) fail it; "not a full season" is only a warning.
 */
export function parseSeasonFile(text: string, fileName?: string, opts: SeasonFileOptions = {}): SeasonFileParse {
  const format = detectSeasonFormat(text, fileName);
  try {
    const parsed = format === 'openfootball-json' ? parseOpenfootballJson(text, opts) : parseFootballTxt(text);
    if (opts.maxRound !== undefined) {
      const over = parsed.matches.find((m) => m.round > opts.maxRound!);
      if (over)
        throw new SeasonFileError(`${over.where}: Matchday ${over.round} is after the last round (${opts.maxRound}).`);
    }
    const { errors, warnings } = structureOf(parsed.matches);
    if (errors.length) {
      const more = errors.length > 1 ? `, and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''}` : '';
      return { ok: false, format, message: `${errors[0]}${more}.` };
    }
    return { ok: true, format, name: parsed.name ?? 'Imported season', matches: parsed.matches, warnings };
  } catch (err) {
    if (!(err instanceof SeasonFileError)) throw err;
    return {
      ok: false,
      format,
      message: err.message,
      ...(err.line !== undefined ? { line: err.line } : {}),
      ...(err.match !== undefined ? { match: err.match } : {}),
    };
  }
}
