import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

/**
 * Migration 0050: Web Push subscriptions, push preferences on the settings row and the push log.
 * A database of the release before, with players and their reminder settings, upgrades with
 * nothing lost; existing settings rows get the push defaults (deadline reminders on, the rest off).
 */
const database = useMigrationDatabase();

const rows = async (db: AnyDb, table: string, order: string) =>
  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(order)}`.execute(db)).rows;

describe('migration 0050: push subscriptions', () => {
  it('upgrades a database with settings and reminder logs, with nothing lost; the app subscribes a device', async () => {
    const handle = await database.migratedThrough({ before: '0050_push_subscriptions' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const owner = await buildUser(db, dialect, { email: 'owner@example.com', pastSeason: false });
    const quiet = await buildUser(db, dialect, { email: 'quiet@example.com', pastSeason: false });
    await sql`INSERT INTO "userSettings" ("userId", "remindersEnabled", "reminderWindows", "unsubscribeToken", "calendarToken", "updatedAt") VALUES
      (${owner.id}, 1, '24,6', 'u-owner', 'c-owner', '2025-07-31T10:00:00.000Z'),
      (${quiet.id}, 0, '24', 'u-quiet', 'c-quiet', '2025-07-31T11:00:00.000Z')`.execute(db);
    const before = {
      user: await rows(anyDb, 'user', 'id'),
      userSettings: await rows(anyDb, 'userSettings', 'userId'),
    };

    expect(await migrateToLatest(handle)).toContain('0050_push_subscriptions');

    expect(await rows(anyDb, 'user', 'id')).toEqual(before.user);
    const after = await rows(anyDb, 'userSettings', 'userId');
    const defaults = {
      pushPicksMissing: 1,
      pushResults: 0,
      pushGoals: 0,
      pushLeagueNews: 0,
      pushAlsoEmail: 0,
      pushQuietStart: null,
      pushQuietEnd: null,
      pushTimeZone: null,
    };
    expect(
      after.map((r) => ({
        ...r,
        ...Object.fromEntries(Object.keys(defaults).map((k) => [k, r[k] === null ? null : Number(r[k])])),
      })),
    ).toEqual(before.userSettings.map((r) => ({ ...r, ...defaults })));
    expect(await rows(anyDb, 'pushSubscriptions', 'id')).toEqual([]);
    expect(await rows(anyDb, 'pushLog', 'key')).toEqual([]);

    const t = await database.openApp({ now: '2025-08-01T12:00:00Z', otherSeason: false });
    const cookie = await buildSessionCookie(db, dialect, owner.id, 'test-secret-test-secret-test-secret-0123456789');
    const p256dh = `B${'A'.repeat(86)}`;
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      cookie,
      payload: { endpoint: 'https://push.example/device-1', keys: { p256dh, auth: 'A'.repeat(22) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ picksMissing: true, results: false, alsoEmail: false, devices: 1 });
    // The player's reminder settings are as they were.
    expect((await t.request({ method: 'GET', url: '/api/me/settings/reminders', cookie })).json()).toEqual({
      remindersEnabled: true,
      windows: [24, 6],
    });
  });
});
