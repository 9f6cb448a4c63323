import { teamsFromFeed, type FixtureSides } from '../../../game/fixture-teams.js';
import { zonedToUtc } from '../../../game/time.js';
import { wallClockIn } from '../../../game/zone-label.js';
import type { ParsedMatch } from '../../season-files/types.js';
import type { ExistingFixture } from '../../season-files/sync-types.js';

/**
 * The feed fills in the teams of knockout matches (docs/decisions/0119-knockout-teams.md). Pure: no database. A
 * stored match whose side is not known yet (its placeholder in `homeTeam` and `homeLabel`,
 * decision 0116) is paired with the feed's match at the same kick-off instant that agrees on
 * every side the store already knows; only a pairing that is one to one both ways is used (four
 * Champions League ties kick off at 21:00 on the same evening: those wait until a known side tells
 * them apart, or for the admin). A side is filled only when it is unknown in the store and the feed
 * names a club of the season; a known team is never replaced (a different name is reported).
 *
 * The season sync planner pairs by team names, so the feed's matches are handed to it in the
 * store's names: a side the feed still does not know is named by the stored placeholder, a side it
 * names differently from a known team by the stored team. A World Cup kick-off the file gives at
 * its own offset ("13:00 UTC-6") is handed over in the competition's zone, and so is the stored
 * schedule then, so an unmoved match is not seen as moved.
 */

/** A stored fixture with its placeholders. */
export interface LabelledFixture extends ExistingFixture {
  homeLabel: string | null;
  awayLabel: string | null;
}

export interface TeamFill {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  homeLabel: string | null;
  awayLabel: string | null;
  /** The placeholders it had when planned (the write is made only while they are still stored). */
  was: { homeLabel: string | null; awayLabel: string | null };
  /** One line for the run's record and the log. */
  description: string;
}

export interface TeamFillPlan {
  fills: TeamFill[];
  /** The stored fixtures as they are once the fills are written: what the planner plans against. */
  existing: ExistingFixture[];
  /** The feed's matches in the store's names and the competition's clock (those it could not tell apart left out). */
  incoming: ParsedMatch[];
  /** The placeholders still stored after the fills: names the planner must accept as the season's. */
  placeholders: string[];
  /** What could not be used, for the run's record (nothing of it is written). */
  notes: string[];
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The UTC instant (ms) of a feed match's kick-off: at its own offset, else in the competition's zone. */
function instantOf(m: ParsedMatch, zone: string): number | null {
  if (m.postponed || m.time === null) return null;
  try {
    return Date.parse(zonedToUtc(m.date, m.time, m.utcOffset ? `UTC${m.utcOffset}` : zone));
  } catch {
    // An impossible date or time: the planner's own checks refuse the file and say where.
    return null;
  }
}

const sidesOf = (f: LabelledFixture): FixtureSides => ({
  home: { team: f.homeTeam, label: f.homeLabel },
  away: { team: f.awayTeam, label: f.awayLabel },
});

export function planTeamFills(
  stored: readonly LabelledFixture[],
  incoming: readonly ParsedMatch[],
  opts: { zone: string; clubs: readonly string[] },
): TeamFillPlan {
  const clubs = new Map(opts.clubs.map((c) => [nameKey(c), c]));
  const at = incoming.map((m) => instantOf(m, opts.zone));
  const open = stored.filter((f) => (f.homeLabel || f.awayLabel) && f.kickoffAt !== null);

  // Which feed matches could be each open stored match: same instant, and every side the store knows is the feed's too.
  const agrees = (known: string, label: string | null, feedName: string) =>
    label !== null || nameKey(known) === nameKey(feedName);
  const candidates = new Map<LabelledFixture, number[]>();
  const claimedBy = new Map<number, number>();
  // The feed's match that still names a stored match exactly (its placeholders) is that match.
  const pairOf = (home: string, away: string) => `${nameKey(home)}\u0000${nameKey(away)}`;
  const openPairs = new Set(open.map((f) => pairOf(f.homeTeam, f.awayTeam)));
  for (const f of open) {
    const instant = Date.parse(f.kickoffAt!);
    const own = pairOf(f.homeTeam, f.awayTeam);
    const exact = incoming.flatMap((m, i) => (pairOf(m.home, m.away) === own ? [i] : []));
    const list = exact.length
      ? exact
      : incoming.flatMap((m, i) =>
          at[i] === instant &&
          !openPairs.has(pairOf(m.home, m.away)) &&
          agrees(f.homeTeam, f.homeLabel, m.home) &&
          agrees(f.awayTeam, f.awayLabel, m.away)
            ? [i]
            : [],
        );
    for (const i of list) claimedBy.set(i, (claimedBy.get(i) ?? 0) + 1);
    candidates.set(f, list);
  }

  const fills: TeamFill[] = [];
  const notes: string[] = [];
  const renamed = new Map<number, ParsedMatch>();
  const withheld = new Set<number>();
  const after = new Map<string, FixtureSides>();
  for (const f of open) {
    const list = candidates.get(f)!;
    const club = (m: ParsedMatch, side: 'home' | 'away') => {
      const unknown = side === 'home' ? m.homeUnknown : m.awayUnknown;
      return unknown ? null : (clubs.get(nameKey(side === 'home' ? m.home : m.away)) ?? null);
    };
    const names = (s: FixtureSides) => `${s.home.team} v ${s.away.team}`;
    if (list.length !== 1 || claimedBy.get(list[0]!) !== 1) {
      const teaches = list.some((i) => club(incoming[i]!, 'home') || club(incoming[i]!, 'away'));
      if (teaches)
        notes.push(
          `${names(sidesOf(f))} on ${f.localDate}: the feed has more than one match it could be, so its teams were not filled in.`,
        );
      // Not told apart: the planner never sees them, or it would add them as new matches beside this one.
      for (const i of list) if (!renamed.has(i)) withheld.add(i);
      continue;
    }
    const i = list[0]!;
    const m = incoming[i]!;
    const current = sidesOf(f);
    const out = teamsFromFeed(current, { home: club(m, 'home'), away: club(m, 'away') });
    for (const side of out.disagrees)
      notes.push(
        `${names(current)} on ${f.localDate}: the feed names ${side === 'home' ? m.home : m.away} for ${current[side].team}; the stored team stays (the admin decides).`,
      );
    if (out.filled.length) {
      after.set(f.id, out.sides);
      fills.push({
        fixtureId: f.id,
        homeTeam: out.sides.home.team,
        awayTeam: out.sides.away.team,
        homeLabel: out.sides.home.label,
        awayLabel: out.sides.away.label,
        was: { homeLabel: f.homeLabel, awayLabel: f.awayLabel },
        description: `Teams filled in: ${names(out.sides)} on ${f.localDate} (was ${names(current)}).`,
      });
    }
    // The feed's match in the store's names, so the planner pairs it with this fixture; a name that
    // is neither a placeholder nor a club of the season stays, so the planner refuses the file for it.
    const nameFor = (side: 'home' | 'away') => {
      const unknown = side === 'home' ? m.homeUnknown : m.awayUnknown;
      const theirs = side === 'home' ? m.home : m.away;
      return out.sides[side].label !== null && !unknown && !clubs.has(nameKey(theirs)) ? theirs : out.sides[side].team;
    };
    renamed.set(i, { ...m, home: nameFor('home'), away: nameFor('away') });
  }

  // A feed's match that shares a side and the kick-off with a stored match it does not name exactly
  // is that match naming another team for a known side ("Germany v England" for the stored
  // "France v England"): the stored teams stay and the run says so, rather than a second match
  // being added beside it.
  const storedPairs = new Set(stored.map((f) => pairOf(f.homeTeam, f.awayTeam)));
  const feedPairs = new Set(incoming.map((m) => pairOf(m.home, m.away)));
  incoming.forEach((m, i) => {
    if (renamed.has(i) || withheld.has(i) || at[i] === null || storedPairs.has(pairOf(m.home, m.away))) return;
    const same = stored.filter(
      (f) =>
        f.kickoffAt !== null &&
        Date.parse(f.kickoffAt) === at[i] &&
        !feedPairs.has(pairOf(f.homeTeam, f.awayTeam)) &&
        (nameKey(f.homeTeam) === nameKey(m.home)) !== (nameKey(f.awayTeam) === nameKey(m.away)),
    );
    if (same.length !== 1) return;
    const f = same[0]!;
    const s = after.get(f.id) ?? sidesOf(f);
    const other = nameKey(f.homeTeam) === nameKey(m.home) ? 'away' : 'home';
    const theirs = other === 'home' ? m.home : m.away;
    notes.push(
      `${s.home.team} v ${s.away.team} on ${f.localDate}: the feed names ${theirs} for ${s[other].team}; the stored team stays (the admin decides).`,
    );
    const { homeUnknown: _h, awayUnknown: _a, ...known } = m;
    renamed.set(i, { ...known, home: s.home.team, away: s.away.team });
  });

  // A file that gives each kick-off its own offset is compared in the competition's clock: the
  // stored side too (a World Cup match is published at its venue's time, the zone is UTC), so a
  // match at the same instant is the same schedule.
  const offsets = incoming.some((m) => m.utcOffset);
  const existing: ExistingFixture[] = stored.map((f) => {
    const { homeLabel: _h, awayLabel: _a, ...plain } = f;
    const s = after.get(f.id);
    const wall = offsets && f.kickoffAt && f.localTime !== null ? wallClockIn(opts.zone, new Date(f.kickoffAt)) : null;
    return {
      ...plain,
      ...(wall ? { localDate: wall.date, localTime: wall.time } : {}),
      ...(s ? { homeTeam: s.home.team, awayTeam: s.away.team } : {}),
    };
  });
  const withClock = (m: ParsedMatch, i: number): ParsedMatch => {
    if (!m.utcOffset || at[i] === null) return m;
    const { utcOffset: _offset, ...rest } = m;
    return { ...rest, ...wallClockIn(opts.zone, new Date(at[i]!)) };
  };
  const placeholders = [
    ...new Set(
      stored.flatMap((f) => {
        const s = after.get(f.id) ?? sidesOf(f);
        return [s.home.label, s.away.label].filter((l): l is string => l !== null);
      }),
    ),
  ];
  return {
    fills,
    existing,
    incoming: incoming.flatMap((m, i) =>
      withheld.has(i) && !renamed.has(i) ? [] : [withClock(renamed.get(i) ?? m, i)],
    ),
    placeholders,
    notes,
  };
}
