import { fixtureId } from '../../game/fixture-id.js';
import { DEADLINE_MS } from '../../game/limits.js';
import type { SeasonMatch } from '../../game/season.js';
import type { Stage } from '../../game/stages.js';
import { UK_ZONE, zonedToUtc } from '../../game/time.js';
import { checkClubs, checkCoverage, checkIncoming, checkIncomingByStage, daysBetween } from './sync-checks.js';
import {
  describeAdd,
  describeConflict,
  describeDuplicate,
  describeEarlyResult,
  describeHeldMove,
  describeKeptPostponement,
  describeMissing,
  describePlayedMove,
  describeRejectedMove,
  describeResult,
  describeRound,
  describeSchedule,
  summarise,
} from './sync-describe.js';
import type {
  AddChange,
  DuplicateFixture,
  ExistingFixture,
  HeldMove,
  IncomingSource,
  RefusedPlan,
  RejectedMove,
  MissingFixture,
  ResultChange,
  RoundChange,
  Schedule,
  ScheduleChange,
  Score,
  SyncConflict,
  SyncCounts,
  SyncPlan,
  SyncSkip,
} from './sync-types.js';

export interface SyncPlanOptions {
  /** The server's clock (results count only after kick-off; deadlines). */
  now: Date;
  /** What the incoming season is: results it writes carry this source. */
  source: IncomingSource;
  /** The zone of the file's dates and times (the competition's); Europe/London by default. */
  timeZone?: string;
  /**
   * The season's clubs, by name as fixtures store them. Default: the clubs of the existing
   * fixtures (none stored: any club is accepted). A file naming another club is refused.
   */
  clubs?: readonly string[];
  /** Share of the stored club pairs the file must have (default 0.9). 0 turns the check off. */
  minMatchedShare?: number;
  /** Largest typical date difference between file and season before it counts as another season (default 60 days). */
  maxMedianShiftDays?: number;
  /** How long after kick-off a file's result is believed (default 0: from kick-off; the start-up seed uses 3 h). */
  resultDelayMs?: number;
  /** The name a club is shown by in descriptions (e.g. its short name); the stored name by default. */
  clubLabel?: (name: string) => string;
  /** Moves the admin rejected: the same move proposed again is not applied (reported as `move_rejected`). */
  rejectedMoves?: readonly RejectedMove[];
  /**
   * A competition's season (stages, knockouts): a pair may meet twice (league phase, then a knockout
   * round), so matches are paired with fixtures by derived id, else by pair and stage (see
   * `matchStored`), and the file's round numbers, which are its own, never move a fixture.
   * Default: `isKnockoutSeason` of the stored fixtures and the file.
   */
  knockout?: boolean;
}

/** A match of the incoming file: a competition's file also says its stage and which sides are not known yet. */
export type IncomingMatch = SeasonMatch & { stage?: Stage; where?: string; homeUnknown?: true; awayUnknown?: true };

const DEFAULT_MIN_MATCHED_SHARE = 0.9;
const DEFAULT_MAX_MEDIAN_SHIFT_DAYS = 60;

/** How names are compared: spacing and letter case never make two clubs. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
export const pairKey = (home: string, away: string) => `${nameKey(home)}\u0000${nameKey(away)}`;
/** What names one match of a season: its pair in a league season; its pair and stage in a knockout one. */
export const matchKey = (home: string, away: string, stage: string | null | undefined, knockout: boolean) =>
  knockout ? `${pairKey(home, away)}\u0000${stage ?? ''}` : pairKey(home, away);
/** Whether a season plays stages (its stored fixtures or the incoming file say so): then `knockout` matching. */
export const isKnockoutSeason = (
  existing: readonly Pick<ExistingFixture, 'stage'>[],
  incoming: readonly Pick<IncomingMatch, 'stage'>[],
) =>
  existing.some((f) => f.stage != null && f.stage !== 'league') ||
  incoming.some((m) => m.stage !== undefined && m.stage !== 'league');
const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const sameScore = (a: Score, b: Score) => a.homeScore === b.homeScore && a.awayScore === b.awayScore;
const isFinal = (f: ExistingFixture) => f.result !== null && Boolean(f.result.final);

function storedSchedule(f: ExistingFixture): Schedule {
  return { kickoffAt: f.kickoffAt, localDate: f.localDate, localTime: f.localTime, postponed: Boolean(f.postponed) };
}

function sameSchedule(a: Schedule, b: Schedule): boolean {
  return (
    instant(a.kickoffAt) === instant(b.kickoffAt) &&
    a.localDate === b.localDate &&
    a.localTime === b.localTime &&
    a.postponed === b.postponed
  );
}

/**
 * Compares a season file (or feed) with the season's stored fixtures and says what to change,
 * without changing anything: the apply step (a repository, in one transaction) writes
 * `plan.changes` and records `plan.conflicts`. Fixtures are matched by club pair, never by date
 * or id (docs/decisions/0014). A file that does not look like this season, whole and sound, is
 * refused with a reason and nothing to change. Planning again after applying finds no changes.
 * docs/feed.md says what is decided and why.
 */
export function planSeasonSync(
  existing: readonly ExistingFixture[],
  incoming: readonly IncomingMatch[],
  opts: SyncPlanOptions,
): SyncPlan {
  // Unsaid, the season and the file tell (a re-import of a Champions League file is one too).
  const knockout = opts.knockout ?? isKnockoutSeason(existing, incoming);
  const now = opts.now.getTime();
  const zone = opts.timeZone ?? UK_ZONE;
  const label = opts.clubLabel ?? ((name: string) => name);
  const matchName = (home: string, away: string) => `${label(home)} v ${label(away)}`;
  const base = { existing: existing.length, incoming: incoming.length, matched: 0 };
  const refuse = (r: Pick<RefusedPlan, 'reason' | 'message'>, matched = 0): RefusedPlan => ({
    ok: false,
    ...r,
    counts: { ...base, matched },
  });

  // The season's clubs, spelt as stored; the file's names are mapped onto them.
  const canonical = new Map<string, string>();
  for (const name of opts.clubs ?? existing.flatMap((f) => [f.homeTeam, f.awayTeam]))
    if (!canonical.has(nameKey(name))) canonical.set(nameKey(name), name.trim());
  const spell = (name: string) => canonical.get(nameKey(name)) ?? name.trim().replace(/\s+/g, ' ');
  const file = incoming.map((m) => ({ ...m, home: spell(m.home), away: spell(m.away) }));

  const broken = knockout ? checkIncomingByStage(file) : checkIncoming(file);
  if (broken) return refuse(broken);
  const fileClubs = [...new Set(file.flatMap((m) => [m.home, m.away]))];
  if (canonical.size > 0) {
    const unknown = checkClubs(
      fileClubs,
      fileClubs.filter((c) => !canonical.has(nameKey(c))),
    );
    if (unknown) return refuse(unknown);
  }

  // Pair the file's matches with stored fixtures (an old database may hold a pair twice).
  const byPair = new Map<string, ExistingFixture[]>();
  for (const f of existing) {
    const list = byPair.get(pairKey(f.homeTeam, f.awayTeam)) ?? [];
    list.push(f);
    byPair.set(pairKey(f.homeTeam, f.awayTeam), list);
  }
  const storedOf = matchStored(existing, file, knockout);
  const pairs = file.map((m, i) => ({ m, to: scheduleOf(m, zone), stored: storedOf[i] }));
  const matched = pairs.filter((p) => p.stored !== undefined);
  const coverage = checkCoverage({
    // A knockout season's fixture of a pair is one per stage (a fixture without a stage counts alone).
    existingPairs: knockout
      ? new Set(existing.map((f) => (f.stage ? matchKey(f.homeTeam, f.awayTeam, f.stage, true) : `\u0001${f.id}`))).size
      : byPair.size,
    matchedPairs: matched.length,
    incoming: file.length,
    minMatchedShare: opts.minMatchedShare ?? DEFAULT_MIN_MATCHED_SHARE,
    shifts: matched.map((p) => daysBetween(p.stored!.localDate, p.m.date)),
    maxMedianShiftDays: opts.maxMedianShiftDays ?? DEFAULT_MAX_MEDIAN_SHIFT_DAYS,
  });
  if (coverage) return refuse(coverage, matched.length);

  const source = opts.source;
  const kickedOff = (kickoffAt: string | null) =>
    kickoffAt !== null && Date.parse(kickoffAt) + (opts.resultDelayMs ?? 0) <= now;
  const adds: AddChange[] = [];
  const schedules: ScheduleChange[] = [];
  const rounds: RoundChange[] = [];
  const results: ResultChange[] = [];
  const conflicts: SyncConflict[] = [];
  const skipped: SyncSkip[] = [];
  const held: HeldMove[] = [];
  const rejected = new Map((opts.rejectedMoves ?? []).map((r) => [r.fixtureId, r.to]));
  /**
   * A file never decides the future (decision 0100): moving a match whose stored kick-off has not
   * come (or that has none) to a kick-off whose deadline has passed would close its predictions,
   * reveal its picks and let its result count at once, on the file's word alone.
   */
  const decidesTheFuture = (from: Schedule, to: Schedule) =>
    to.kickoffAt !== null &&
    instant(to.kickoffAt)! - DEADLINE_MS <= now &&
    (from.kickoffAt === null || instant(from.kickoffAt)! > now);
  let unchanged = 0;

  const usedIds = new Set(existing.map((f) => f.id));
  // A knockout file numbers its rounds its own way (both legs under one "Round of 16"): a new match
  // takes the season's round of the match nearest in date that the file puts in the same round.
  const roundOfFile = new Map<string, ExistingFixture[]>();
  if (knockout)
    for (const { m, stored } of matched) {
      const key = `${m.stage ?? ''}|${m.round}`;
      roundOfFile.set(key, [...(roundOfFile.get(key) ?? []), stored!]);
    }
  const nearest = (m: IncomingMatch) =>
    (roundOfFile.get(`${m.stage ?? ''}|${m.round}`) ?? [])
      .filter((f) => f.gameweek !== null)
      .sort((a, b) => Math.abs(daysBetween(a.localDate, m.date)) - Math.abs(daysBetween(b.localDate, m.date)))[0];
  for (const { m, to, stored: f } of pairs) {
    const match = matchName(m.home, m.away);
    const score: Score | null = m.result ? { homeScore: m.result[0], awayScore: m.result[1] } : null;
    if (!f) {
      const id = uniqueId(fixtureId(m.home, m.away, m.date), usedIds);
      const result = score && kickedOff(to.kickoffAt) ? score : null;
      // Its leg too: the two legs of a stage are a week apart, each a block of dates.
      const near = knockout ? nearest(m) : undefined;
      const round = near?.gameweek ?? m.round;
      if (score && !result)
        skipped.push({
          fixtureId: id,
          homeTeam: m.home,
          awayTeam: m.away,
          kind: 'result_before_kickoff',
          description: describeEarlyResult(match, score, to),
        });
      adds.push({
        kind: 'add',
        fixtureId: id,
        homeTeam: m.home,
        awayTeam: m.away,
        fixture: {
          id,
          homeTeam: m.home,
          awayTeam: m.away,
          gameweek: round,
          ...to,
          ...(knockout ? { stage: m.stage ?? null, leg: near?.leg ?? null } : {}),
        },
        result,
        source,
        description: describeAdd(match, round, to, result),
      });
      continue;
    }

    const ids = { fixtureId: f.id, homeTeam: f.homeTeam, awayTeam: f.awayTeam };
    const changesBefore = schedules.length + rounds.length + results.length;
    const from = storedSchedule(f);
    let effective = from;
    let heldMove: HeldMove | null = null;
    if (!sameSchedule(from, to)) {
      if (isFinal(f) && !kickedOff(to.kickoffAt)) {
        // A result is a fact after the whistle: a played match is not sent back into the future.
        skipped.push({ ...ids, kind: 'schedule_of_played_match', description: describePlayedMove(match, source, to) });
      } else if (from.postponed && !to.postponed && to.localDate === from.localDate) {
        // Still on its original date: the file has not caught up with the postponement (often the admin's), so it stands.
        skipped.push({ ...ids, kind: 'postponement_kept', description: describeKeptPostponement(match, source, to) });
      } else if (rejected.has(f.id) && sameSchedule(rejected.get(f.id)!, to)) {
        // The admin said no to exactly this move: it stays unapplied, and every run says so.
        skipped.push({ ...ids, kind: 'move_rejected', description: describeRejectedMove(match, source, to) });
      } else if (!isFinal(f) && decidesTheFuture(from, to)) {
        const what = from.postponed ? 'rescheduled' : 'moved';
        heldMove = {
          ...ids,
          what,
          from,
          to,
          result: score,
          source,
          description: describeHeldMove(match, source, from, to, score),
        };
        held.push(heldMove);
      } else {
        const what =
          !from.postponed && to.postponed ? 'postponed' : from.postponed && !to.postponed ? 'rescheduled' : 'moved';
        // The same condition as the fixtures repository's lock (decision 0012).
        const locksPredictions =
          !f.predictionsLockedAt &&
          from.kickoffAt !== null &&
          instant(from.kickoffAt)! <= now + DEADLINE_MS &&
          instant(from.kickoffAt) !== instant(to.kickoffAt);
        const dropsProvisionalScore = f.result !== null && !isFinal(f) && !kickedOff(to.kickoffAt);
        schedules.push({
          kind: 'schedule',
          ...ids,
          what,
          from,
          to,
          locksPredictions,
          dropsProvisionalScore,
          description: describeSchedule(match, what, from, to, locksPredictions),
        });
        effective = to;
      }
    }
    if (!knockout && f.gameweek !== m.round) {
      rounds.push({
        kind: 'round',
        ...ids,
        from: f.gameweek,
        to: m.round,
        scored: isFinal(f),
        description: describeRound(match, f.gameweek, m.round),
      });
    }
    if (score) {
      const current = f.result;
      const alreadyThere = current !== null && isFinal(f) && sameScore(current, score);
      if (alreadyThere) {
        // Same final score, whoever wrote it: nothing to do.
      } else if (heldMove) {
        // It waits with its move for the admin's confirmation.
      } else if (!kickedOff(from.kickoffAt) || !kickedOff(effective.kickoffAt)) {
        // Only the STORED kick-off makes a match played: a file's own new kick-off never does (decision 0100).
        skipped.push({
          ...ids,
          kind: 'result_before_kickoff',
          description: describeEarlyResult(match, score, kickedOff(from.kickoffAt) ? effective : from),
        });
      } else if (current === null || !isFinal(f)) {
        const what = current === null ? 'new' : 'final';
        results.push({
          kind: 'result',
          ...ids,
          what,
          from: current,
          to: score,
          source,
          description: describeResult(match, what, score, current),
        });
      } else if (current.source === 'admin') {
        conflicts.push({
          ...ids,
          incoming: score,
          admin: { homeScore: current.homeScore, awayScore: current.awayScore },
          source,
          description: describeConflict(match, source, score, current),
        });
      } else {
        results.push({
          kind: 'result',
          ...ids,
          what: 'correction',
          from: current,
          to: score,
          source,
          description: describeResult(match, 'correction', score, current),
        });
      }
    }
    if (schedules.length + rounds.length + results.length === changesBefore) unchanged++;
  }

  // Stored fixtures the file does not name, and second copies of a matched pair: reported, kept.
  const matchedIds = new Set(matched.map((p) => p.stored!.id));
  const storedKey = (f: ExistingFixture) => matchKey(f.homeTeam, f.awayTeam, f.stage, knockout);
  const matchedByPair = new Map(matched.map((p) => [storedKey(p.stored!), p.stored!.id]));
  const missing: MissingFixture[] = [];
  const duplicates: DuplicateFixture[] = [];
  for (const f of existing) {
    if (matchedIds.has(f.id)) continue;
    const ids = { fixtureId: f.id, homeTeam: f.homeTeam, awayTeam: f.awayTeam };
    const twin = matchedByPair.get(storedKey(f));
    const match = matchName(f.homeTeam, f.awayTeam);
    if (twin) duplicates.push({ ...ids, matchedTo: twin, description: describeDuplicate(match, source, f.id, twin) });
    else missing.push({ ...ids, gameweek: f.gameweek, description: describeMissing(match, source, f.gameweek) });
  }

  const counts: SyncCounts = {
    ...base,
    matched: matched.length,
    added: adds.length,
    moved: schedules.filter((s) => s.what === 'moved').length,
    postponed: schedules.filter((s) => s.what === 'postponed').length,
    rescheduled: schedules.filter((s) => s.what === 'rescheduled').length,
    locked: schedules.filter((s) => s.locksPredictions).length,
    rounds: rounds.length,
    results: results.length + adds.filter((a) => a.result).length,
    corrections: results.filter((r) => r.what === 'correction').length,
    conflicts: conflicts.length,
    skipped: skipped.length,
    held: held.length,
    missing: missing.length,
    duplicates: duplicates.length,
    unchanged,
  };
  const warnings: string[] = [];
  const timed = matched.filter((p) => p.stored!.kickoffAt !== null && p.to.kickoffAt !== null).length;
  if (timed >= 20 && counts.moved * 2 > timed) {
    warnings.push(
      `${counts.moved} of ${timed} kick-offs move: check that the file's times are in the competition's time zone (${zone}).`,
    );
  }
  return {
    ok: true,
    source,
    changes: [...adds, ...schedules, ...rounds, ...results],
    conflicts,
    skipped,
    held,
    missing,
    duplicates,
    counts,
    warnings,
    summary: summarise(counts, source),
  };
}

/** When the file says the match is: no time (or marked postponed) means postponed, without a kick-off. */
function scheduleOf(m: SeasonMatch, zone: string): Schedule {
  const time = m.postponed ? null : m.time;
  return {
    kickoffAt: time === null ? null : zonedToUtc(m.date, time, zone),
    localDate: m.date,
    localTime: time,
    postponed: time === null,
  };
}

/**
 * Which stored fixture each of the file's matches is (undefined: none, a new match). A league
 * season's pair meets once, so by pair (`pickStored` when an old database holds it twice). In a
 * knockout season a pair may meet twice (league phase, then a knockout round), and each stored
 * fixture is one match of the file at most, taken in this order: the fixture with the id an import
 * of the match would have (as the seed and the built-in import derive it); else the pair's fixture
 * of the same stage (within a stage an ordered pair meets once: the two legs swap home and away);
 * else, where the file or the fixture gives no stage, the pair's fixture nearest in date. A moved
 * match or one whose teams were filled in keeps its id, which no longer is the derived one: the
 * stage still finds it.
 */
export function matchStored(
  existing: readonly ExistingFixture[],
  file: readonly IncomingMatch[],
  knockout: boolean,
): (ExistingFixture | undefined)[] {
  const byPair = new Map<string, ExistingFixture[]>();
  for (const f of existing) {
    const list = byPair.get(pairKey(f.homeTeam, f.awayTeam)) ?? [];
    list.push(f);
    byPair.set(pairKey(f.homeTeam, f.awayTeam), list);
  }
  if (!knockout) return file.map((m) => pickStored(byPair.get(pairKey(m.home, m.away)), m));
  const out: (ExistingFixture | undefined)[] = file.map(() => undefined);
  const claimed = new Set<string>();
  const byDate = (m: IncomingMatch) => (a: ExistingFixture, b: ExistingFixture) =>
    Math.abs(daysBetween(a.localDate, m.date)) - Math.abs(daysBetween(b.localDate, m.date)) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const tiers: Array<(m: IncomingMatch, f: ExistingFixture) => boolean> = [
    (m, f) => f.id === fixtureId(m.home, m.away, m.date),
    (m, f) => m.stage !== undefined && f.stage === m.stage,
    (m, f) => m.stage === undefined || !f.stage,
  ];
  for (const tier of tiers)
    file.forEach((m, i) => {
      if (out[i]) return;
      const free = (byPair.get(pairKey(m.home, m.away)) ?? []).filter((f) => !claimed.has(f.id) && tier(m, f));
      const f = free.length > 1 ? [...free].sort(byDate(m))[0] : free[0];
      if (!f) return;
      out[i] = f;
      claimed.add(f.id);
    });
  return out;
}

/**
 * Which stored fixture of a pair the file's match is: the one with the id an import of it would
 * have, else the one on its date, else one with a final result, else the first by id (stable).
 */
function pickStored(candidates: ExistingFixture[] | undefined, m: SeasonMatch): ExistingFixture | undefined {
  if (!candidates || candidates.length <= 1) return candidates?.[0];
  const derived = fixtureId(m.home, m.away, m.date);
  return (
    candidates.find((f) => f.id === derived) ??
    candidates.find((f) => f.localDate === m.date) ??
    candidates.find(isFinal) ??
    [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]
  );
}

/** The derived id, or the same with `_2`, `_3`… when the season already uses it. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}_${n}`;
  used.add(candidate);
  return candidate;
}
