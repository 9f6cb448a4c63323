import { dayNumber } from '../../game/dates.js';
import { kickoffInstant } from '../../game/kickoff-time.js';
import { isKnockoutStage, STAGE_NAMES, STAGES, type Stage } from '../../game/stages.js';
import type { ParsedMatch, ParsedSeason } from './types.js';
import {
  loadSeasonFile,
  SEASON_FORMAT,
  type ClubCatalogue,
  type OwnSeasonFile,
  type OwnSeasonMatch,
  type OwnSeasonRound,
} from './season-format.js';

export interface ConvertOptions {
  /** `2025-26`, `champions-league-2025-26`, `world-cup-2026` (the label `2025/26` or `2026` is derived from it). */
  seasonKey: string;
  competition: OwnSeasonFile['competition'];
  /** Where the data came from, and its licence (kept in the file). */
  source: string;
  catalogue: ClubCatalogue;
  /** The stages played over two legs (the competition's own, from TWO_LEGGED, by default). */
  twoLegged?: readonly Stage[];
}

export const PREMIER_LEAGUE: OwnSeasonFile['competition'] = {
  key: 'premier-league',
  name: 'Premier League',
  timeZone: 'Europe/London',
};
/** Published in Central European time (CET, CEST from the last Sunday of March), with no offset in the file. */
export const CHAMPIONS_LEAGUE: OwnSeasonFile['competition'] = {
  key: 'champions-league',
  name: 'UEFA Champions League',
  timeZone: 'Europe/Paris',
};
/** Played across three countries and four zones: every kick-off carries its own offset, so no single zone. */
export const WORLD_CUP: OwnSeasonFile['competition'] = { key: 'world-cup', name: 'FIFA World Cup', timeZone: null };

/** The competitions a season key may name before its years (none: the Premier League). */
export const COMPETITIONS: Readonly<Record<string, OwnSeasonFile['competition']>> = {
  '': PREMIER_LEAGUE,
  'champions-league': CHAMPIONS_LEAGUE,
  'world-cup': WORLD_CUP,
};

/** Where a season's upstream file comes from (kept in the converted file as its `source`). */
export function upstreamSource(seasonKey: string, format: ParsedSeason['format']): string {
  const competition = competitionOfSeasonKey(seasonKey);
  const years = /\d{4}(?:-\d{2})?$/.exec(seasonKey)![0];
  const upstream =
    competition?.key === 'champions-league'
      ? `openfootball/champions-league ${years}/cl.txt`
      : competition?.key === 'world-cup'
        ? `openfootball/worldcup.json ${years}/worldcup.json`
        : format === 'football-txt'
          ? `openfootball/england ${years}/1-premierleague.txt`
          : `openfootball/football.json ${years}/en.1.json`;
  return `${upstream} (CC0 1.0), converted by scripts/convert-season.ts`;
}

/** Knockout stages played home and away. */
export const TWO_LEGGED: Readonly<Record<string, readonly Stage[]>> = {
  'champions-league': ['play-offs', 'round-of-16', 'quarter-finals', 'semi-finals'],
};

const SEASON_KEY = /^(?:([a-z]+(?:-[a-z]+)*)-)?(\d{4})(?:-(\d{2}))?$/;

/** `2025-26` → `2025/26`; `champions-league-2025-26` → `2025/26`; `world-cup-2026` → `2026`. */
export function seasonLabel(seasonKey: string): string {
  const m = SEASON_KEY.exec(seasonKey);
  if (!m) throw new Error(`"${seasonKey}" is not a season key`);
  return m[3] ? `${m[2]}/${m[3]}` : m[2]!;
}

/** The competition a season key names (`champions-league-2025-26` → the Champions League), or null. */
export function competitionOfSeasonKey(seasonKey: string): OwnSeasonFile['competition'] | null {
  const m = SEASON_KEY.exec(seasonKey);
  return m ? (COMPETITIONS[m[1] ?? ''] ?? null) : null;
}

/**
 * `2025-26.txt`, `/x/2026-27.json`, `champions-league-2025-26.txt`, `world-cup-2026.json` → the
 * season key; null when the name carries no season (a two-year season's years must follow).
 */
export function seasonKeyFromFileName(fileName: string): string | null {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  const m = SEASON_KEY.exec(base) ?? /(\d{4})-(\d{2})$/.exec(base);
  if (!m) return null;
  if (m.length === 3) return Number(m[2]) === (Number(m[1]) + 1) % 100 ? `${m[1]}-${m[2]}` : null;
  if (m[3] !== undefined && Number(m[3]) !== (Number(m[2]) + 1) % 100) return null;
  if (m[1] === undefined && m[3] === undefined) return null;
  return base;
}

/** Matches of a two-legged stage fall in two blocks of dates; dates closer than this belong together. */
const LEG_GAP_DAYS = 4;

interface RoundPlan {
  stage: Stage;
  /** The matchday within the stage (league phase, group stage) or the leg (two-legged knockouts). */
  order: number;
  name: string;
}

/**
 * Each match's round in the own format. A league file keeps its matchdays. A competition file's
 * rounds follow its stages in playing order: numbered matchdays of the league phase or group
 * stage, then each knockout stage as one round, or two (first and second leg) when it is played
 * over two legs, the leg read from the heading ("Playoffs, Matchday 2") or from its block of
 * dates (both legs under one heading, "Round of 16").
 */
function planRounds(
  parsed: ParsedSeason,
  twoLegged: readonly Stage[],
): { plans: RoundPlan[]; legs: (1 | 2 | undefined)[] } {
  if (parsed.matches.every((m) => m.stage === undefined))
    return {
      plans: parsed.matches.map((m) => ({ stage: 'league', order: m.round, name: `Matchday ${m.round}` })),
      legs: parsed.matches.map(() => undefined),
    };
  const legs = parsed.matches.map((m): 1 | 2 | undefined => {
    if (!m.stage || !twoLegged.includes(m.stage)) return undefined;
    if (m.stageRound !== undefined) {
      if (m.stageRound > 2)
        throw new Error(`${m.where}: a two-legged stage has Matchdays 1 and 2, not ${m.stageRound}`);
      return m.stageRound as 1 | 2;
    }
    return undefined; // from its block of dates, below
  });
  // Legs by block of dates, stage by stage.
  for (const stage of twoLegged) {
    const idx = parsed.matches.flatMap((m, i) => (m.stage === stage && m.stageRound === undefined ? [i] : []));
    if (!idx.length) continue;
    const dates = [...new Set(idx.map((i) => parsed.matches[i]!.date))].sort();
    let split: string | null = null;
    for (let k = 1; k < dates.length; k++)
      if (dayNumber(dates[k]!) - dayNumber(dates[k - 1]!) >= LEG_GAP_DAYS) {
        if (split !== null)
          throw new Error(`The ${STAGE_NAMES[stage]} falls in more than two blocks of dates: it cannot be two legs`);
        split = dates[k]!;
      }
    for (const i of idx) legs[i] = split !== null && parsed.matches[i]!.date >= split ? 2 : 1;
  }
  const plans = parsed.matches.map((m, i): RoundPlan => {
    if (!m.stage) throw new Error(`${m.where}: a plain Matchday in a file of stages`);
    const leg = legs[i];
    if (leg !== undefined)
      return { stage: m.stage, order: leg, name: `${STAGE_NAMES[m.stage]}, ${leg === 1 ? 'first' : 'second'} leg` };
    if (!isKnockoutStage(m.stage)) {
      if (m.stageRound === undefined)
        throw new Error(`${m.where}: a ${STAGE_NAMES[m.stage]} match without its matchday`);
      return { stage: m.stage, order: m.stageRound, name: `Matchday ${m.stageRound}` };
    }
    return { stage: m.stage, order: m.stageRound ?? 1, name: STAGE_NAMES[m.stage] };
  });
  return { plans, legs };
}

/** Checks the two legs of each tie swap home and away, and that no tie has more than two. */
function checkTies(matches: readonly OwnSeasonMatch[], stageOf: (round: number) => Stage): void {
  const ties = new Map<string, OwnSeasonMatch[]>();
  for (const m of matches) {
    if (m.leg === undefined || m.home === null || m.away === null) continue;
    const key = `${stageOf(m.round)}|${[m.home, m.away].sort().join('|')}`;
    const tie = ties.get(key);
    if (tie) tie.push(m);
    else ties.set(key, [m]);
  }
  for (const [key, legs] of ties) {
    const [first, second, ...more] = [...legs].sort((a, b) => (a.leg ?? 0) - (b.leg ?? 0));
    const what = key.split('|').slice(1).join(' v ');
    if (more.length || (second && (first!.leg !== 1 || second.leg !== 2 || first!.home !== second.away)))
      throw new Error(`The tie ${what} is not a first and a second leg with home and away swapped`);
    if (!second && first!.leg === 2) throw new Error(`The tie ${what} has a second leg but no first leg`);
  }
}

/**
 * A parsed season file in the project's own format: club names become catalogue keys (every
 * unknown name is listed in the error; a placeholder such as "N.N." becomes a team not yet known,
 * with its label), UTC kick-offs are derived from the published local times at the match's own
 * offset or in the competition's zone, rounds get their stage (and two-legged ties their legs),
 * and matches are ordered by round, then date and time (no time last), then file order, so
 * converting the same input twice gives the same file.
 */
export function toOwnSeason(parsed: ParsedSeason, opts: ConvertOptions): OwnSeasonFile {
  const keyByName = new Map(opts.catalogue.clubs.map((c) => [c.name, c.key]));
  const teams = parsed.matches.flatMap((m) => [...(m.homeUnknown ? [] : [m.home]), ...(m.awayUnknown ? [] : [m.away])]);
  const names = [...new Set(teams)];
  const unknown = names.filter((n) => !keyByName.has(n)).sort();
  if (unknown.length)
    throw new Error(`Clubs not in the catalogue (add them to builtin/clubs.json): ${unknown.join(', ')}`);
  const label = seasonLabel(opts.seasonKey);
  if (parsed.name && !parsed.name.includes(label))
    throw new Error(`The file's title "${parsed.name}" does not name the season ${label}`);

  const { plans, legs } = planRounds(parsed, opts.twoLegged ?? TWO_LEGGED[opts.competition.key] ?? []);
  const roundKey = (p: RoundPlan) => `${STAGES.indexOf(p.stage)}|${p.order}`;
  const distinct = new Map(plans.map((p) => [roundKey(p), p]));
  const ordered = [...distinct.entries()].sort(
    ([, a], [, b]) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || a.order - b.order,
  );
  // A league file keeps its own matchday numbers; a competition's rounds are numbered in playing order.
  const league = parsed.matches.every((m) => m.stage === undefined);
  const numberOf = new Map(ordered.map(([key, p], i) => [key, league ? p.order : i + 1]));
  const rounds: OwnSeasonRound[] = ordered.map(([key, p]) => ({
    round: numberOf.get(key)!,
    name: p.name,
    stage: p.stage,
    knockout: isKnockoutStage(p.stage),
  }));

  const zone = opts.competition.timeZone;
  const matches = parsed.matches
    .map((m, i) => ({ m, i, round: numberOf.get(roundKey(plans[i]!))! }))
    .sort((a, b) => a.round - b.round || a.m.date.localeCompare(b.m.date) || compareTime(a.m, b.m) || a.i - b.i)
    .map(({ m, i, round }): OwnSeasonMatch => {
      const time = m.postponed ? null : m.time;
      const at = m.utcOffset ?? zone;
      if (time !== null && at === null)
        throw new Error(
          `${m.where} (${m.home} v ${m.away}): the kick-off ${m.date} ${time} has no zone: the ${opts.competition.name} has no single time zone, so each kick-off needs its UTC offset ("13:00 UTC-6")`,
        );
      const leg = legs[i];
      return {
        round,
        date: m.date,
        time,
        kickoffAt: time ? kickoffInstant(m.date, time, at!) : null,
        ...(time !== null && m.utcOffset !== undefined ? { utcOffset: m.utcOffset } : {}),
        home: m.homeUnknown ? null : keyByName.get(m.home)!,
        away: m.awayUnknown ? null : keyByName.get(m.away)!,
        ...(m.homeUnknown ? { homeLabel: m.home } : {}),
        ...(m.awayUnknown ? { awayLabel: m.away } : {}),
        ...(m.number !== undefined ? { number: m.number } : {}),
        ...(m.group !== undefined ? { group: m.group } : {}),
        ...(leg !== undefined ? { leg } : {}),
        ...(time === null ? { postponed: true as const } : {}),
        ...(m.result ? { result: [m.result[0], m.result[1]] as [number, number] } : {}),
        ...(m.extraTime ? { extraTime: [m.extraTime[0], m.extraTime[1]] as [number, number] } : {}),
        ...(m.penalties ? { penalties: [m.penalties[0], m.penalties[1]] as [number, number] } : {}),
      };
    });
  const stageOfRound = new Map(rounds.map((r) => [r.round, r.stage]));
  checkTies(matches, (r) => stageOfRound.get(r)!);
  const season: OwnSeasonFile = {
    format: SEASON_FORMAT,
    competition: opts.competition,
    season: { key: opts.seasonKey, label, title: parsed.name ?? `${opts.competition.name} ${label}` },
    source: opts.source,
    clubs: names.map((n) => keyByName.get(n)!).sort(),
    rounds,
    matches,
  };
  return loadSeasonFile(season, opts.catalogue, `Season ${label}`);
}

function compareTime(a: ParsedMatch, b: ParsedMatch): number {
  const ta = a.postponed ? null : a.time;
  const tb = b.postponed ? null : b.time;
  if (ta === tb) return 0;
  if (ta === null) return 1;
  if (tb === null) return -1;
  return ta.localeCompare(tb);
}

/**
 * The file's text: the header pretty-printed, then one round and one match per line, so the
 * file stays small and a re-import's diff shows exactly which matches moved or got a result.
 */
export function formatSeasonFile(season: OwnSeasonFile): string {
  const { clubs, rounds, matches, ...header } = season;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  const list = (items: unknown[]) => items.map((x) => `    ${JSON.stringify(x)}`).join(',\n');
  return `${head},\n  "clubs": ${JSON.stringify(clubs)},\n  "rounds": [\n${list(rounds)}\n  ],\n  "matches": [\n${list(matches)}\n  ]\n}\n`;
}
