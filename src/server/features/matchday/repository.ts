import crypto from 'node:crypto';
import type { FixtureRow } from '../fixtures/presenter.js';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { UserSettingsTable } from '../../db/schema.js';

const newToken = () => crypto.randomBytes(24).toString('base64url');

// ---------------------------------------------------------------- settings and tokens

/** A player's settings row, created with the defaults (reminders on, 24 h) and fresh tokens on first use. */
export async function ensureSettings(db: DB, userId: string, nowIso: string): Promise<UserSettingsTable> {
  await db
    .insertInto('userSettings')
    .values({ userId, remindersEnabled: 1, reminderWindows: '24', unsubscribeToken: newToken(), calendarToken: newToken(), updatedAt: nowIso })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return db.selectFrom('userSettings').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
}

export async function saveReminderSettings(db: DB, userId: string, s: { remindersEnabled: boolean; reminderWindows: string }, nowIso: string) {
  await ensureSettings(db, userId, nowIso);
  await db
    .updateTable('userSettings')
    .set({ remindersEnabled: s.remindersEnabled ? 1 : 0, reminderWindows: s.reminderWindows, updatedAt: nowIso })
    .where('userId', '=', userId)
    .execute();
}

/** Turns reminders off for the holder of an unsubscribe token; false when no one holds it. */
export async function unsubscribeByToken(db: DB, token: string, nowIso: string): Promise<boolean> {
  const res = await db.updateTable('userSettings').set({ remindersEnabled: 0, updatedAt: nowIso }).where('unsubscribeToken', '=', token).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A new calendar token: the old feed URL stops working at once. */
export async function regenerateCalendarToken(db: DB, userId: string, nowIso: string): Promise<string> {
  await ensureSettings(db, userId, nowIso);
  const token = newToken();
  await db.updateTable('userSettings').set({ calendarToken: token, updatedAt: nowIso }).where('userId', '=', userId).execute();
  return token;
}

export async function userIdByCalendarToken(db: DB, token: string): Promise<string | null> {
  const row = await db.selectFrom('userSettings').select('userId').where('calendarToken', '=', token).executeTakeFirst();
  return row?.userId ?? null;
}

// ---------------------------------------------------------------- in-play scores

/**
 * Stores a provisional (in-play) score. It never overwrites a final result: if one was saved in
 * the meantime, nothing changes and false is returned.
 */
export async function saveProvisionalScore(db: DB, fixtureId: string, s: { homeScore: number; awayScore: number }, nowIso: string): Promise<boolean> {
  const rows = await db
    .insertInto('results')
    .values({ fixtureId, homeScore: s.homeScore, awayScore: s.awayScore, final: 0, updatedAt: nowIso })
    .onConflict((oc) =>
      oc
        .column('fixtureId')
        .doUpdateSet({ homeScore: s.homeScore, awayScore: s.awayScore, updatedAt: nowIso })
        .where('results.final', '=', 0),
    )
    .returning('fixtureId')
    .execute();
  return rows.length > 0;
}

// ---------------------------------------------------------------- live matches

/** A fixture row (as the fixtures repository reads it) with the viewer's own prediction. */
export type MatchRow = FixtureRow & {
  prediction: { homeScore: number; awayScore: number; points: number | null } | null;
};

function matchQuery(db: DB, userId: string) {
  return db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .leftJoin('predictions', (j) => j.onRef('predictions.fixtureId', '=', 'fixtures.id').on('predictions.userId', '=', userId))
    .selectAll('fixtures')
    .select([
      'results.homeScore as rHome',
      'results.awayScore as rAway',
      'results.final as rFinal',
      'predictions.homeScore as pHome',
      'predictions.awayScore as pAway',
      'predictions.points as pPoints',
    ]);
}

type MatchJoined = Awaited<ReturnType<ReturnType<typeof matchQuery>['execute']>>[number];

function toMatchRow(r: MatchJoined): MatchRow {
  const { rHome, rAway, rFinal, pHome, pAway, pPoints, ...f } = r;
  return {
    ...f,
    result: rHome === null || rAway === null ? null : { homeScore: rHome, awayScore: rAway, final: rFinal ?? 1 },
    prediction: pHome === null || pAway === null ? null : { homeScore: pHome, awayScore: pAway, points: pPoints },
  };
}

/**
 * The matches of one day (kick-off in [fromIso, toIso)) and every live match (kicked off, not
 * postponed, no final result yet), with the viewer's own prediction, in kick-off order.
 */
export async function listDayAndLiveMatches(db: DB, userId: string, range: { fromIso: string; toIso: string; nowIso: string }): Promise<MatchRow[]> {
  const rows = await matchQuery(db, userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('fixtures.kickoffAt', '>=', range.fromIso), eb('fixtures.kickoffAt', '<', range.toIso)]),
        eb.and([
          eb('fixtures.kickoffAt', '<=', range.nowIso),
          eb('fixtures.postponed', '=', 0),
          eb.or([eb('results.fixtureId', 'is', null), eb('results.final', '=', 0)]),
        ]),
      ]),
    )
    .orderBy('fixtures.kickoffAt')
    .orderBy('fixtures.id')
    .execute();
  return rows.map(toMatchRow);
}

/** The first kick-off at or after `fromIso` of a match that is not postponed. */
export async function nextKickoff(db: DB, fromIso: string): Promise<string | null> {
  const row = await db
    .selectFrom('fixtures')
    .select('kickoffAt')
    .where('postponed', '=', 0)
    .where('kickoffAt', '>=', fromIso)
    .orderBy('kickoffAt')
    .limit(1)
    .executeTakeFirst();
  return row?.kickoffAt ?? null;
}

/** Every fixture with the viewer's prediction (the calendar feed). */
export async function listAllMatches(db: DB, userId: string): Promise<MatchRow[]> {
  const rows = await matchQuery(db, userId).orderBy('fixtures.kickoffAt').orderBy('fixtures.id').execute();
  return rows.map(toMatchRow);
}

// ---------------------------------------------------------------- live league table

export async function isLeagueMember(db: DB, leagueId: string, userId: string): Promise<'member' | 'not_member' | 'no_league'> {
  const league = await db.selectFrom('leagues').select('id').where('id', '=', leagueId).executeTakeFirst();
  if (!league) return 'no_league';
  const m = await db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).where('userId', '=', userId).executeTakeFirst();
  return m ? 'member' : 'not_member';
}

export interface LiveTableMember {
  userId: string;
  teamName: string | null;
  username: string;
  name: string;
  storedPoints: number;
  creatorId: string;
}

/**
 * Every member of a league with their stored (final) points total: `userPoints` gameweek 0, the
 * season total the leagues feature keeps exact with triggers (the same source as its tables).
 */
export async function leagueMembersWithPoints(db: DB, leagueId: string): Promise<LiveTableMember[]> {
  const rows = await db
    .selectFrom('leagueMembers')
    .innerJoin('user', 'user.id', 'leagueMembers.userId')
    .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
    .leftJoin('userPoints', (j) => j.onRef('userPoints.userId', '=', 'leagueMembers.userId').on('userPoints.gameweek', '=', 0))
    .where('leagueMembers.leagueId', '=', leagueId)
    .select([
      'leagueMembers.userId as userId',
      'user.teamName as teamName',
      'user.username as username',
      'user.name as name',
      'leagues.creatorId as creatorId',
      'userPoints.points as storedPoints',
    ])
    .execute();
  return rows.map((r) => ({ ...r, storedPoints: Number(r.storedPoints ?? 0) }));
}

export interface LivePredictionRow {
  userId: string;
  fixtureId: string;
  homeScore: number;
  awayScore: number;
  rHome: number;
  rAway: number;
}

/** The league members' predictions on matches that are in play with a provisional score. */
export async function livePredictionsOfLeague(db: DB, leagueId: string, nowIso: string): Promise<LivePredictionRow[]> {
  return db
    .selectFrom('predictions')
    .innerJoin('leagueMembers', (j) => j.onRef('leagueMembers.userId', '=', 'predictions.userId').on('leagueMembers.leagueId', '=', leagueId))
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .innerJoin('results', 'results.fixtureId', 'predictions.fixtureId')
    .where('results.final', '=', 0)
    .where('fixtures.postponed', '=', 0)
    .where('fixtures.kickoffAt', '<=', nowIso)
    .select([
      'predictions.userId as userId',
      'predictions.fixtureId as fixtureId',
      'predictions.homeScore as homeScore',
      'predictions.awayScore as awayScore',
      'results.homeScore as rHome',
      'results.awayScore as rAway',
    ])
    .execute();
}

/** How many matches are live right now (kicked off, not postponed, no final result). */
export async function countLiveMatches(db: DB, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .where('fixtures.kickoffAt', '<=', nowIso)
    .where('fixtures.postponed', '=', 0)
    .where((eb) => eb.or([eb('results.fixtureId', 'is', null), eb('results.final', '=', 0)]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- reminders

export interface DueFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string;
}

/** Fixtures whose kick-off is in (fromIso, toIso], not postponed, without a final result. */
export async function fixturesKickingOffBetween(db: DB, fromIso: string, toIso: string): Promise<DueFixture[]> {
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .where('fixtures.postponed', '=', 0)
    .where('fixtures.kickoffAt', '>', fromIso)
    .where('fixtures.kickoffAt', '<=', toIso)
    .where((eb) => eb.or([eb('results.fixtureId', 'is', null), eb('results.final', '=', 0)]))
    .select(['fixtures.id', 'fixtures.homeTeam', 'fixtures.awayTeam', 'fixtures.kickoffAt'])
    .orderBy('fixtures.kickoffAt')
    .execute();
  return rows.filter((r): r is DueFixture => r.kickoffAt !== null);
}

export interface ReminderRecipient {
  userId: string;
  email: string;
  name: string;
  remindersEnabled: number | null;
  reminderWindows: string | null;
}

/** Verified accounts with their reminder settings (null columns: no settings yet, i.e. the defaults). */
export async function reminderRecipients(db: DB, dialect: Dialect): Promise<ReminderRecipient[]> {
  return db
    .selectFrom('user')
    .leftJoin('userSettings', 'userSettings.userId', 'user.id')
    .where('user.emailVerified', '=', dialect === 'postgres' ? true : 1)
    .where((eb) => eb.or([eb('userSettings.remindersEnabled', 'is', null), eb('userSettings.remindersEnabled', '=', 1)]))
    .select(['user.id as userId', 'user.email', 'user.name', 'userSettings.remindersEnabled', 'userSettings.reminderWindows'])
    .execute();
}

export async function predictionKeys(db: DB, fixtureIds: readonly string[]): Promise<Set<string>> {
  if (fixtureIds.length === 0) return new Set();
  const rows = await db.selectFrom('predictions').select(['userId', 'fixtureId']).where('fixtureId', 'in', [...fixtureIds]).execute();
  return new Set(rows.map((r) => `${r.userId}|${r.fixtureId}`));
}

export interface ReminderKey {
  userId: string;
  fixtureId: string;
  windowHours: number;
}

export async function reminderLogFor(db: DB, fixtureIds: readonly string[]) {
  if (fixtureIds.length === 0) return [];
  return db.selectFrom('reminderLog').select(['userId', 'fixtureId', 'windowHours', 'status', 'claimedAt', 'attempts']).where('fixtureId', 'in', [...fixtureIds]).execute();
}

/**
 * Claims reminders for this instance: a row inserted here is ours; a row another instance (or an
 * earlier run) inserted first is not returned. The primary key makes this safe across processes.
 */
export async function claimNewReminders(db: DB, keys: readonly ReminderKey[], nowIso: string): Promise<ReminderKey[]> {
  const claimed: ReminderKey[] = [];
  for (let i = 0; i < keys.length; i += 300) {
    const chunk = keys.slice(i, i + 300);
    const rows = await db
      .insertInto('reminderLog')
      .values(chunk.map((k) => ({ ...k, status: 'claimed', claimedAt: nowIso, sentAt: null, attempts: 1, lastError: null })))
      .onConflict((oc) => oc.columns(['userId', 'fixtureId', 'windowHours']).doNothing())
      .returning(['userId', 'fixtureId', 'windowHours'])
      .execute();
    claimed.push(...rows);
  }
  return claimed;
}

/**
 * Claims a reminder again for a retry: one that failed, or one claimed by a run that never
 * finished (it crashed) before `staleBeforeIso`. A conditional UPDATE, so only one instance wins.
 */
export async function reclaimReminder(db: DB, k: ReminderKey, nowIso: string, staleBeforeIso: string): Promise<boolean> {
  const res = await db
    .updateTable('reminderLog')
    .set((eb) => ({ status: 'claimed', claimedAt: nowIso, attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', k.userId)
    .where('fixtureId', '=', k.fixtureId)
    .where('windowHours', '=', k.windowHours)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'claimed'), eb('claimedAt', '<', staleBeforeIso)])]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function markReminders(db: DB, keys: readonly ReminderKey[], outcome: { sentAt: string } | { error: string }) {
  for (const k of keys) {
    await db
      .updateTable('reminderLog')
      .set('sentAt' in outcome ? { status: 'sent', sentAt: outcome.sentAt, lastError: null } : { status: 'failed', lastError: outcome.error.slice(0, 500) })
      .where('userId', '=', k.userId)
      .where('fixtureId', '=', k.fixtureId)
      .where('windowHours', '=', k.windowHours)
      .execute();
  }
}

/** The settings rows (tokens) of the players about to get a reminder, created where missing. */
export async function ensureSettingsFor(db: DB, userIds: readonly string[], nowIso: string): Promise<Map<string, UserSettingsTable>> {
  const out = new Map<string, UserSettingsTable>();
  for (const id of userIds) out.set(id, await ensureSettings(db, id, nowIso));
  return out;
}
