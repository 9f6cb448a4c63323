import type { Dashboard } from '../../../contract/dashboard';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch, Prediction } from '../../../contract/predictions';
import { deriveStatus, type FixtureStatus } from '../../../game/fixture-status';
import { picksClosed } from '../pick-shares/timing';

/** One row of the dashboard's match list: the match, its status at the page's clock, and on match day the viewer's pick. */
export interface MatchRow {
  fixture: Fixture;
  status: FixtureStatus;
  /** The viewer's pick; null when they made none; undefined while not known (no board read yet). */
  prediction: Prediction | null | undefined;
  /** Predictions on it are closed, so everyone's picks may be shown (the server still decides). */
  closed: boolean;
}

const byKickoff = (a: Fixture, b: Fixture) =>
  (a.kickoffAt ?? '') < (b.kickoffAt ?? '') ? -1 : (a.kickoffAt ?? '') > (b.kickoffAt ?? '') ? 1 : a.id < b.id ? -1 : 1;

/** The viewer's calendar day of an instant, so "today" is the viewer's today. */
const dayOf = (ms: number) => new Date(ms).toDateString();

/** As many rows as the dashboard's own list holds (the server's five): the board shows the rest. */
export const MATCH_ROWS_MAX = 5;

/**
 * The dashboard's match list at `now`. Without the gameweek's board: the dashboard's own
 * `upcoming`, picks unknown. With it (match day, decision record 0108): the same matches, each with
 * the viewer's pick from the board (whose fixture is the fresher); while they number fewer than
 * MATCH_ROWS_MAX, the gameweek's matches of today already played fill the list, latest first, so a
 * result just in stays with its points. By kick-off.
 */
export function matchRows(
  upcoming: Dashboard['upcoming'],
  board: readonly BoardMatch[] | undefined,
  now: Date,
): MatchRow[] {
  const row = (fixture: Fixture, m: BoardMatch | undefined): MatchRow => ({
    fixture,
    status: deriveStatus(
      { kickoffAt: fixture.kickoffAt, postponed: fixture.status === 'postponed' },
      fixture.result,
      now,
    ),
    prediction: m ? m.prediction : undefined,
    closed: picksClosed(m?.window ?? 'open', fixture, now),
  });
  if (!board) return upcoming.map((f) => row(f, undefined));
  const byId = new Map(board.map((m) => [m.fixture.id, m]));
  const rows = upcoming.map((f) => {
    const m = byId.get(f.id);
    // A listed match the board does not hold (moved out of the gameweek meanwhile) keeps its row.
    return m ? row(m.fixture, m) : row(f, undefined);
  });
  const listed = new Set(upcoming.map((f) => f.id));
  const today = dayOf(now.getTime());
  const played = board
    .filter(
      (m) =>
        !listed.has(m.fixture.id) &&
        m.fixture.kickoffAt !== null &&
        m.fixture.status !== 'postponed' &&
        Date.parse(m.fixture.kickoffAt) <= now.getTime() &&
        dayOf(Date.parse(m.fixture.kickoffAt)) === today,
    )
    .sort((a, b) => byKickoff(b.fixture, a.fixture))
    .slice(0, Math.max(0, MATCH_ROWS_MAX - rows.length))
    .map((m) => row(m.fixture, m));
  return [...rows, ...played].sort((a, b) => byKickoff(a.fixture, b.fixture));
}

/** "2–1", the way scores read across the dashboard. */
export const scoreText = (s: { homeScore: number; awayScore: number }) => `${s.homeScore}–${s.awayScore}`;

/**
 * Whether the list shows the viewer's picks: on match day, that is while the gameweek led with is
 * being played (its lead card says so, or one of its listed matches no longer takes picks while
 * another of the gameweek is still open).
 */
export const showsPicks = (d: Pick<Dashboard, 'upcoming'>, matchDayLead: boolean, now: Date) =>
  matchDayLead || d.upcoming.some((f) => picksClosed('open', f, now));
