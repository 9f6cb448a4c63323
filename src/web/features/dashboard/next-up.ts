import type { Dashboard, OpenMatch } from '../../../contract/dashboard';
import { countdownChangesAt, fixtureInstants } from '../../../game/clock-instants';
import { deadlineCountdown, deadlineWithin } from '../../../game/countdown';
import { deriveStatus, type FixtureStatus } from '../../../game/fixture-status';

/**
 * What the top of the dashboard says, worked out from the dashboard's answer and the page's clock
 * (decision records 0042 and 0108), so its cards change at a deadline, a kick-off or a full time
 * itself, without waiting for the next answer.
 */

export const NUDGE_WITHIN_MS = 24 * 3_600_000;

/** An open gameweek's card: how many picks, when the first open match closes, the amber nudge within a day. */
export interface OpenCard {
  kind: 'open';
  gameweek: number;
  picks: string;
  open: OpenMatch[];
  missing: OpenMatch[];
  /** "closes in 4 days" for the first open match. */
  closes: string | null;
  /** Matches without a pick closing within a day, and when the next of them closes. */
  urgent: number;
  urgentCloses: string | null;
}

/** The gameweek being played (match day): its picks are fixed, its matches kick off, are in play or wait for results. */
export interface MatchDayCard {
  kind: 'match-day';
  gameweek: number;
  picks: string;
  phase: 'kicks-off' | 'in-play' | 'results';
  /** The first kick-off still to come (ISO), for "kicks off at 15:00". */
  firstKickoff: string | null;
}

export interface NextUpCards {
  lead: OpenCard | MatchDayCard | null;
  /** On match day: the next open gameweek, second. */
  second: OpenCard | null;
}

function openCard(
  gameweek: number,
  picks: { matches: number; predicted: number },
  matches: readonly OpenMatch[],
  now: Date,
): OpenCard | null {
  const open = matches.filter((m) => Date.parse(m.deadline) > now.getTime());
  if (open.length === 0) return null;
  const missing = open.filter((m) => !m.predicted);
  const urgent = missing.filter((m) => deadlineWithin(m.deadline, now, NUDGE_WITHIN_MS));
  return {
    kind: 'open',
    gameweek,
    picks: `${picks.predicted} of ${picks.matches} predicted`,
    open,
    missing,
    closes: deadlineCountdown(open[0]!.deadline, now),
    urgent: urgent.length,
    urgentCloses: deadlineCountdown(missing[0]?.deadline ?? null, now),
  };
}

/** Each of the dashboard's listed matches with its status at `now`. */
export const statusesAt = (d: Pick<Dashboard, 'upcoming'>, now: Date): FixtureStatus[] =>
  d.upcoming.map((m) => deriveStatus({ kickoffAt: m.kickoffAt, postponed: m.status === 'postponed' }, m.result, now));

/** The dashboard's first cards at `now`. */
export function nextUpCards(d: Dashboard, now: Date): NextUpCards {
  const lead = openCard(d.gameweek, d.picks, d.open, now);
  const second = d.nextOpen ? openCard(d.nextOpen.gameweek, d.nextOpen.picks, d.nextOpen.open, now) : null;
  if (lead) return { lead, second };
  const statuses = statusesAt(d, now);
  // The gameweek led with takes no more picks: while its matches are played it leads as match day.
  const playing =
    d.gameweekState === 'open' ||
    d.gameweekState === 'closed' ||
    d.gameweekState === 'live' ||
    statuses.some((s) => s === 'upcoming' || s === 'live' || s === 'awaiting');
  if (!playing) return { lead: null, second };
  const phase = statuses.includes('live') ? 'in-play' : statuses.includes('upcoming') ? 'kicks-off' : 'results';
  const firstKickoff = d.upcoming.find((_, i) => statuses[i] === 'upcoming')?.kickoffAt ?? null;
  return {
    lead: {
      kind: 'match-day',
      gameweek: d.gameweek,
      picks: `${d.picks.predicted} of ${d.picks.matches} predicted`,
      phase,
      firstKickoff,
    },
    second,
  };
}

/**
 * The instants the dashboard waits for: `refetch`, where the server's answer changes (deadlines,
 * kick-offs, full times, its `changesAt`); `wake`, those and where a countdown or the nudge changes.
 */
export function dashboardInstants(d: Dashboard, now: Date): { refetch: number[]; wake: number[] } {
  const refetch: number[] = [];
  const wake: number[] = [];
  for (const m of [...d.open, ...(d.nextOpen?.open ?? [])]) {
    const deadline = Date.parse(m.deadline);
    refetch.push(deadline);
    wake.push(deadline - NUDGE_WITHIN_MS);
    const at = countdownChangesAt(m.deadline, now);
    if (at !== null) wake.push(at);
  }
  for (const f of d.upcoming)
    refetch.push(...fixtureInstants({ kickoffAt: f.kickoffAt, postponed: f.status === 'postponed' }));
  // Another competition's next deadline: its line counts down, and passes on to the next one there.
  for (const e of d.elsewhere ?? []) {
    refetch.push(Date.parse(e.deadline));
    const at = countdownChangesAt(e.deadline, now);
    if (at !== null) wake.push(at);
  }
  if (d.changesAt) refetch.push(Date.parse(d.changesAt));
  return { refetch, wake: [...refetch, ...wake] };
}
