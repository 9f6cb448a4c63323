import { z } from 'zod';
import { seasonId } from './seasons.js';

/**
 * What changed: the one vocabulary of changes (decision record 0068). The server publishes one of
 * these after the commit that made the change; its caches say which of them make what they hold
 * stale, and the live event stream (GET /api/events, Server-Sent Events named `change`) sends them
 * to the browser, whose one map (web/lib/change-keys.ts) says which queries each one refreshes.
 * An event says what changed, never who reads it: adding a reader never changes the publishers.
 * A change about leagues reaches only their members' streams (the bus says which leagues, beside
 * the change, decision 0101); the rest reach every open stream, visitors' too: a change names no
 * more than its readers need.
 */
const league = z.object({ leagueId: z.string().min(1).max(64) });
const season = z.object({ seasonId });

export const changeEventDto = z.discriminatedUnion('type', [
  /**
   * A season's results: one saved or cleared, many from the results desk, a feed conflict taken.
   * `gameweeks`: the gameweeks of the fixtures whose results changed (absent: any of the season).
   */
  z.object({
    type: z.literal('results.changed'),
    ...season.shape,
    gameweeks: z.array(z.number().int().min(0).max(10_000)).max(1000).optional(),
  }),
  /** The provisional in-play score of a match (never scored). */
  z.object({ type: z.literal('live-score.changed'), ...season.shape }),
  /**
   * A season's fixtures: added, edited, moved, deleted or imported, or re-read from a file or the
   * feed; their results may have changed with them.
   */
  z.object({ type: z.literal('fixtures.changed'), ...season.shape }),
  /** A new season (from a file: its fixtures, results and clubs). */
  z.object({ type: z.literal('season.created'), ...season.shape }),
  /** A season's gameweek definitions (they move the gameweek the boards open on). */
  z.object({ type: z.literal('gameweeks.changed'), ...season.shape }),
  /** The pinned current season: every default read moves. */
  z.object({ type: z.literal('current-season.changed') }),
  /** A player's own prediction (sent only to that player). */
  z.object({ type: z.literal('prediction.saved'), ...season.shape }),
  /** Who is in a league: created, joined, left, deleted, a member removed. */
  z.object({ type: z.literal('membership.changed') }),
  /** A league's own details: renamed, its scoring changed, or a new code (`oldCode`, which joins nobody any more: the invite pages open on it say so). */
  z.object({ type: z.literal('league.changed'), oldCode: z.string().max(32).nullable() }),
  /** The players a league's creator removed (one let back in). */
  z.object({ type: z.literal('removed-players.changed'), ...league.shape }),
  /** What an invite shows one player (sent only to them: removed from a league, or let back in). */
  z.object({ type: z.literal('invites.changed') }),
  /** A player's team name, shown in every table. */
  z.object({ type: z.literal('team-name.changed') }),
  /** A league's bonus questions or one player's answer (then sent only to that player). */
  z.object({ type: z.literal('bonus-questions.changed'), ...league.shape }),
  /** Bonus points: questions settled by a person (`leagueId`) or by the season's results (null: any league). */
  z.object({ type: z.literal('bonus.settled'), leagueId: z.string().min(1).max(64).nullable() }),
  /** A player deleted their account (predictions, points, memberships gone) in these seasons. */
  z.object({ type: z.literal('account.deleted'), seasons: z.array(seasonId).max(1000) }),
  /** A player's sessions or account row (sent only to that player). */
  z.object({ type: z.literal('session.changed') }),
  /** A player's reminder settings (sent only to that player). */
  z.object({ type: z.literal('reminders.changed') }),
  /** A player's calendar feed link (sent only to that player). */
  z.object({ type: z.literal('calendar.changed') }),
  /** The contact messages the admins read. */
  z.object({ type: z.literal('contact-messages.changed') }),
  /** A season's results feed: its settings, a run, a conflict. */
  z.object({ type: z.literal('feed.changed'), ...season.shape }),
  /** The server's event listener was away (events may have been missed): everything may have changed. */
  z.object({ type: z.literal('live.resumed') }),
]);
export type ChangeEvent = z.infer<typeof changeEventDto>;
export type ChangeType = ChangeEvent['type'];
export type ChangeOf<T extends ChangeType> = Extract<ChangeEvent, { type: T }>;

/** Every change's name, in the vocabulary's order. */
export const CHANGE_TYPES: readonly ChangeType[] = changeEventDto.options.map((o) => o.shape.type.value);

/**
 * What one reader does with every change: a handler per type, so a new change does not compile
 * until every reader has said what it does with it.
 */
export type ChangeHandlers<R> = { [T in ChangeType]: (event: ChangeOf<T>) => R };

/** Runs the handler of the event's type. */
export function onChange<R>(handlers: ChangeHandlers<R>, event: ChangeEvent): R {
  // The handler indexed by the event's own type takes that event (TypeScript cannot narrow a mapped type's value by the key).
  return (handlers[event.type] as (e: ChangeEvent) => R)(event);
}

/** A TanStack Query key (the web's map turns changes into these). */
export const queryKeyDto = z.array(z.union([z.string(), z.number()]));
export type QueryKey = z.infer<typeof queryKeyDto>;

/** The stream itself. */
export const eventStream = z.string().describe('text/event-stream');
