import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import { withoutFinalResult } from '../../seasons/fixture-queries.js';
import { ensureSettings } from '../user-settings/index.js';
import { DEFAULT_COMPETITION } from '../../seasons/repository.js';
import type { Competition } from '../../../contract/leagues.js';

// ---------------------------------------------------------------- settings

export async function saveReminderSettings(
  db: DB,
  userId: string,
  s: { remindersEnabled: boolean; reminderWindows: string },
  nowIso: string,
) {
  await ensureSettings(db, userId, nowIso);
  await db
    .updateTable('userSettings')
    .set({ remindersEnabled: s.remindersEnabled ? 1 : 0, reminderWindows: s.reminderWindows, updatedAt: nowIso })
    .where('userId', '=', userId)
    .execute();
}

/** The holder of an unsubscribe token and whether their reminders are on; null when no one holds it. */
export async function reminderHolderByToken(
  db: DB,
  token: string,
): Promise<{ userId: string; remindersEnabled: boolean } | null> {
  const row = await db
    .selectFrom('userSettings')
    .where('unsubscribeToken', '=', token)
    .select(['userId', 'remindersEnabled'])
    .executeTakeFirst();
  return row ? { userId: row.userId, remindersEnabled: row.remindersEnabled === 1 } : null;
}

/** Turns reminders off for the holder of an unsubscribe token; their id, or null when no one holds it. */
export async function unsubscribeByToken(db: DB, token: string, nowIso: string): Promise<string | null> {
  const row = await db
    .updateTable('userSettings')
    .set({ remindersEnabled: 0, updatedAt: nowIso })
    .where('unsubscribeToken', '=', token)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId ?? null;
}

// ---------------------------------------------------------------- due reminders

export interface DueFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string;
  /** Its season's competition: a player is reminded of another competition than the Premier League only if they play it. */
  competitionId: string;
}

/**
 * Fixtures whose kick-off is in (fromIso, toIso], not postponed, without a final result, whose
 * teams are both known (a match shown by a placeholder takes no pick, so nobody is reminded of it).
 */
export async function fixturesKickingOffBetween(db: DB, fromIso: string, toIso: string): Promise<DueFixture[]> {
  const rows = await db
    .selectFrom('fixtures')
    .innerJoin('seasons', 'seasons.id', 'fixtures.seasonId')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .where('fixtures.postponed', '=', 0)
    .where('fixtures.homeLabel', 'is', null)
    .where('fixtures.awayLabel', 'is', null)
    .where('fixtures.kickoffAt', '>', fromIso)
    .where('fixtures.kickoffAt', '<=', toIso)
    .where(withoutFinalResult)
    .select(['fixtures.id', 'fixtures.homeTeam', 'fixtures.awayTeam', 'fixtures.kickoffAt', 'seasons.competitionId'])
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
    .where((eb) =>
      eb.or([eb('userSettings.remindersEnabled', 'is', null), eb('userSettings.remindersEnabled', '=', 1)]),
    )
    .select([
      'user.id as userId',
      'user.email',
      'user.name',
      'userSettings.remindersEnabled',
      'userSettings.reminderWindows',
    ])
    .execute();
}

export async function predictionKeys(db: DB, fixtureIds: readonly string[]): Promise<Set<string>> {
  if (fixtureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('predictions')
    .select(['userId', 'fixtureId'])
    .where('fixtureId', 'in', [...fixtureIds])
    .execute();
  return new Set(rows.map((r) => `${r.userId}|${r.fixtureId}`));
}

export interface ReminderKey {
  userId: string;
  fixtureId: string;
  windowHours: number;
}

export async function reminderLogFor(db: DB, fixtureIds: readonly string[]) {
  if (fixtureIds.length === 0) return [];
  return db
    .selectFrom('reminderLog')
    .select(['userId', 'fixtureId', 'windowHours', 'status', 'claimedAt', 'attempts'])
    .where('fixtureId', 'in', [...fixtureIds])
    .execute();
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
      .values(
        chunk.map((k) => ({ ...k, status: 'claimed', claimedAt: nowIso, sentAt: null, attempts: 1, lastError: null })),
      )
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
export async function reclaimReminder(
  db: DB,
  k: ReminderKey,
  nowIso: string,
  staleBeforeIso: string,
): Promise<boolean> {
  const res = await db
    .updateTable('reminderLog')
    .set((eb) => ({ status: 'claimed', claimedAt: nowIso, attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', k.userId)
    .where('fixtureId', '=', k.fixtureId)
    .where('windowHours', '=', k.windowHours)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'claimed'), eb('claimedAt', '<', staleBeforeIso)]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function markReminders(
  db: DB,
  keys: readonly ReminderKey[],
  outcome: { sentAt: string } | { error: string },
) {
  for (const k of keys) {
    await db
      .updateTable('reminderLog')
      .set(
        'sentAt' in outcome
          ? { status: 'sent', sentAt: outcome.sentAt, lastError: null }
          : { status: 'failed', lastError: outcome.error.slice(0, 500) },
      )
      .where('userId', '=', k.userId)
      .where('fixtureId', '=', k.fixtureId)
      .where('windowHours', '=', k.windowHours)
      .execute();
  }
}

/**
 * Who plays each of these competitions (a pick in one of its seasons, or a league of it): the
 * players a reminder about its matches is for. The Premier League is everyone's and is not asked.
 */
export async function playersOfCompetitions(
  db: DB,
  competitionIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const ids = [...new Set(competitionIds)].filter((id) => id !== DEFAULT_COMPETITION);
  if (ids.length === 0) return out;
  const [picked, leagues] = await Promise.all([
    db
      .selectFrom('predictions')
      .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
      .innerJoin('seasons', 'seasons.id', 'fixtures.seasonId')
      .where('seasons.competitionId', 'in', ids)
      .select(['seasons.competitionId as competitionId', 'predictions.userId as userId'])
      .distinct()
      .execute(),
    db
      .selectFrom('leagueMembers')
      .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
      // A league's competition is one of the contract's; an id that is none matches no league.
      .where('leagues.competition', 'in', ids as Competition[])
      .select(['leagues.competition as competitionId', 'leagueMembers.userId as userId'])
      .distinct()
      .execute(),
  ]);
  for (const r of [...picked, ...leagues]) {
    let set = out.get(r.competitionId);
    if (!set) out.set(r.competitionId, (set = new Set()));
    set.add(r.userId);
  }
  return out;
}

/** Whether a player is reminded of a match: every Premier League match, another competition's only if they play it. */
export function remindsOf(players: Map<string, Set<string>>, userId: string, f: Pick<DueFixture, 'competitionId'>) {
  return f.competitionId === DEFAULT_COMPETITION || (players.get(f.competitionId)?.has(userId) ?? false);
}
