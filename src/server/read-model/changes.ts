import type { ChangeOf, ChangeType } from '../../contract/events.js';
import type { Delivery, LiveEvent } from '../realtime/bus.js';
import { tag, type Tag } from './tags.js';

/**
 * The one table of what each change touches (docs/architecture.md, "What each change touches";
 * decision 0113). Every kept value declares its tags; a change published after its commit (on
 * PostgreSQL from every instance) drops the values whose tags it touches, and stops a load under
 * way from being kept. Typed over every change of the vocabulary: a new change does not compile
 * until it says what it touches. `everything`: events may have been missed.
 *
 * A change that says where it belongs (`userId`, `leagueIds`, beside the change: realtime/bus.ts)
 * touches only those players' or leagues' tags; without them, every one of its kind.
 */
export type Touches = readonly Tag[] | 'everything';
export type ChangeTouches = { [T in ChangeType]: (event: ChangeOf<T> & Delivery) => Touches };

const nothing = (): Touches => [];
/** The leagues the change names, or every league. */
const leagues = (e: Delivery, of: (leagueId: string) => Tag, every: Tag): Tag[] =>
  e.leagueIds ? e.leagueIds.map(of) : [every];
/** The player the change was sent for, or every player. */
const player = (e: Delivery, of: (userId: string) => Tag, every: Tag): Tag =>
  e.userId === undefined ? every : of(e.userId);

/** A season's fixtures and everything they carry: results, points, which gameweek holds them, the seasons' spans. */
const wholeSeason = (e: { seasonId: string }): Touches => [
  tag.seasonFixtures(e.seasonId),
  tag.seasonPoints(e.seasonId),
  tag.gameweeksOf(e.seasonId),
  tag.seasonSchedule(e.seasonId),
  tag.seasons(),
];

export const CHANGE_TOUCHES: ChangeTouches = {
  // A result moves its fixture's line, the season's points and its own gameweek's, no other
  // gameweek (decision 0113: the players who picked it are not named, so every player's season
  // points count as touched).
  'results.changed': (e) => [
    tag.seasonFixtures(e.seasonId),
    tag.seasonPoints(e.seasonId),
    ...(e.gameweeks ? e.gameweeks.map((n) => tag.gameweek(e.seasonId, n)) : [tag.gameweeksOf(e.seasonId)]),
  ],
  // Provisional scores show on the lists; they are never points.
  'live-score.changed': (e) => [tag.seasonFixtures(e.seasonId)],
  'fixtures.changed': wholeSeason,
  'season.created': wholeSeason,
  // Gameweek definitions move fixtures between gameweeks: every gameweek's points, not the kick-offs.
  'gameweeks.changed': (e) => [
    tag.seasonFixtures(e.seasonId),
    tag.seasonPoints(e.seasonId),
    tag.gameweeksOf(e.seasonId),
    tag.seasonSchedule(e.seasonId),
  ],
  'current-season.changed': () => [tag.seasons()],
  // Sent for the player who saved it: an unscored pick moves only their own figures.
  'prediction.saved': (e) => [player(e, tag.userPicks, tag.every('user-picks'))],
  // Who is in the league; every player's list of leagues (a joiner was in none of them before).
  'membership.changed': (e) => [
    ...leagues(e, tag.leagueMembers, tag.every('league-members')),
    tag.every('user-leagues'),
  ],
  'league.changed': (e) => [...leagues(e, tag.leagueRule, tag.every('league-rule')), tag.every('user-leagues')],
  'removed-players.changed': nothing,
  'invites.changed': nothing,
  // A name shows in the tables of the player's leagues and on the overall leaderboard.
  'team-name.changed': (e) => [...leagues(e, tag.leagueMembers, tag.every('league-members')), tag.players()],
  'bonus-questions.changed': nothing,
  'bonus.settled': (e) => [e.leagueId === null ? tag.every('league-bonus') : tag.leagueBonus(e.leagueId)],
  // Their picks, points, memberships and sessions are gone.
  'account.deleted': (e) => [
    ...e.seasons.flatMap((s) => [tag.seasonFixtures(s), tag.seasonPoints(s), tag.gameweeksOf(s), tag.seasonPicks(s)]),
    tag.every('league-members'),
    tag.every('user-leagues'),
    tag.players(),
    tag.seasons(),
  ],
  'session.changed': (e) => [player(e, tag.session, tag.every('session'))],
  'reminders.changed': nothing,
  'calendar.changed': nothing,
  'contact-messages.changed': nothing,
  'feed.changed': nothing,
  'live.resumed': () => 'everything',
};

/** What `event` touches. */
export function touchesOf(event: LiveEvent): Touches {
  // The handler indexed by the event's own type takes that event (TypeScript cannot narrow a mapped type's value by the key).
  return (CHANGE_TOUCHES[event.type] as (e: LiveEvent) => Touches)(event);
}

/**
 * The ids a change touches of one kind: null when it touches none, 'all' when every one (or
 * everything), else the ids named (a reader that acts per season, such as the bonus resolver).
 */
export function touchedIds(event: LiveEvent, kind: Tag['kind']): readonly string[] | 'all' | null {
  const touches = touchesOf(event);
  if (touches === 'everything') return 'all';
  const ids: string[] = [];
  for (const t of touches) {
    if (t.kind !== kind) continue;
    if (t.ids.length === 0) return 'all';
    ids.push(t.ids[0]!);
  }
  return ids.length ? ids : null;
}
