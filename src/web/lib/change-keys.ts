import type { QueryKey } from '@tanstack/react-query';
import { onChange, type ChangeEvent, type ChangeHandlers } from '../../contract/events';

/**
 * The one map from a change (src/contract/events.ts) to the queries that show its data, for the
 * live event stream and for the screens' own changes (decision record 0068). Keys are prefixes:
 * `['fixtures', season]` reaches every fixture list and board of the season. Where the queries
 * live (docs/developing.md, "Live updates"): per season `['fixtures' | 'gameweeks' | 'predictions'
 * | 'statistics', season, …]`; `['leagues', …]` (lists, tables of every season, picks, live
 * tables, positions, everyone's table), `['bonus-questions', league, …]`, `['invites', code, …]`,
 * `['dashboard']`, `['matches', …]`, `['seasons']`, `['clubs', …]`, `['me', …]`, `['admin', …]`.
 */
const seasonData = (seasonId: string): QueryKey[] => [
  ['fixtures', seasonId],
  ['predictions', seasonId],
  ['statistics', seasonId],
];
/** Not kept per season on the web: leagues (the all-seasons table moves with any season), the dashboard, match day, the seasons' phases. */
const acrossSeasons: QueryKey[] = [['leagues'], ['dashboard'], ['matches'], ['seasons']];
const fixturesOf = (seasonId: string): QueryKey[] => [
  ...seasonData(seasonId),
  ['gameweeks', seasonId],
  ...acrossSeasons,
  ['admin'],
];
const leagueTables: QueryKey[] = [['leagues'], ['dashboard']];

export const CHANGE_KEYS: ChangeHandlers<QueryKey[]> = {
  'results.changed': (e) => [...seasonData(e.seasonId), ...acrossSeasons],
  'live-score.changed': (e) => [['matches'], ['fixtures', e.seasonId], ['leagues']],
  'fixtures.changed': (e) => fixturesOf(e.seasonId),
  'season.created': (e) => [...fixturesOf(e.seasonId), ['clubs']],
  'gameweeks.changed': (e) => [
    ['gameweeks', e.seasonId],
    ['fixtures', e.seasonId],
    ['predictions', e.seasonId],
    ['dashboard'],
    ['matches'],
    ['admin', 'gameweeks', e.seasonId],
  ],
  // Every default read moves: every season-scoped query, whatever its season.
  'current-season.changed': () => [
    ['seasons'],
    ['fixtures'],
    ['gameweeks'],
    ['predictions'],
    ['statistics'],
    ['leagues'],
    ['dashboard'],
    ['matches'],
    ['clubs'],
    ['admin'],
  ],
  // Only the player's own tabs hear it: their board carries their pick.
  'prediction.saved': (e) => [
    ['predictions', e.seasonId],
    ['dashboard'],
    ['statistics', e.seasonId],
    ['fixtures', e.seasonId, 'predictions-board'],
  ],
  'membership.changed': () => leagueTables,
  // The statistics' league switch shows names and a league's rank history follows its scoring;
  // invite pages open on a retired code say it no longer works.
  'league.changed': (e) => [...leagueTables, ['statistics'], ...(e.oldCode === null ? [] : [['invites', e.oldCode]])],
  'removed-players.changed': (e) => [['leagues', 'removed', e.leagueId]],
  'invites.changed': () => [['invites']],
  'team-name.changed': () => leagueTables,
  'bonus-questions.changed': (e) => [['bonus-questions', e.leagueId]],
  // Tables and positions carry the bonus points; a settlement by the results may touch any league's questions.
  'bonus.settled': () => [...leagueTables, ['bonus-questions']],
  'account.deleted': (e) => [...leagueTables, ['admin'], ...e.seasons.map((s) => ['statistics', s])],
  'session.changed': () => [['me']],
  'reminders.changed': () => [['me', 'reminders']],
  'calendar.changed': () => [['me', 'calendar']],
  'contact-messages.changed': () => [['admin', 'contact-messages']],
  'feed.changed': (e) => [
    ['admin', 'seasons'],
    ['admin', 'feed', e.seasonId],
    // The admin's to-do lists a failed run and moves to confirm (the awaiting-results query).
    ['matches', 'awaiting-results'],
  ],
  // Events may have been missed: everything shown is refetched.
  'live.resumed': () => [[]],
};

/** The queries a change refreshes. */
export const changeKeys = (event: ChangeEvent): QueryKey[] => onChange(CHANGE_KEYS, event);
