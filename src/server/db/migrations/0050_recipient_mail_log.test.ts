import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase, type AnyDb } from '../../test/migration-database.js';
import { buildUser } from '../../test/factories.js';

/**
 * Migration 0050: account mails counted per recipient (mail/recipient-cap.ts). A database of the
 * release before, with accounts and mails in the outbox, upgrades with nothing lost; the new
 * table starts empty and the app counts into it.
 */
const database = useMigrationDatabase();

const rows = async (db: AnyDb, table: string, order: string) =>
  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(order)}`.execute(db)).rows;

describe('migration 0050: recipient mail log', () => {
  it('upgrades a database with accounts and mails, with nothing lost; the app counts account mails per address', async () => {
    const handle = await database.migratedThrough({ before: '0050_recipient_mail_log' });
    const { db, dialect } = handle;
    const anyDb = db as unknown as AnyDb;
    const owner = await buildUser(db, dialect, { email: 'owner@example.com', pastSeason: false });
    await buildUser(db, dialect, { email: 'second@example.com', pastSeason: false });
    await sql`INSERT INTO "mailOutbox" ("to", "subject", "text", "html", "createdAt") VALUES
      ('owner@example.com', 'Reset your Scoreline password', 'http://localhost:3000/reset', NULL, '2025-07-31T10:00:00.000Z'),
      ('second@example.com', 'Verify your Scoreline e-mail address', 'http://localhost:3000/verify', '<p>x</p>', '2025-07-31T11:00:00.000Z')`.execute(
      db,
    );
    const before = {
      user: await rows(anyDb, 'user', 'id'),
      mailOutbox: await rows(anyDb, 'mailOutbox', 'id'),
    };

    expect(await migrateToLatest(handle)).toContain('0050_recipient_mail_log');

    expect(await rows(anyDb, 'user', 'id')).toEqual(before.user);
    expect(await rows(anyDb, 'mailOutbox', 'id')).toEqual(before.mailOutbox);
    expect(await rows(anyDb, 'recipientMailLog', 'recipient')).toEqual([]);

    const t = await database.openApp({ now: '2025-08-01T12:00:00Z', otherSeason: false });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'Owner@Example.com', redirectTo: '/reset-password' },
      headers: { origin: 'http://localhost:3000' },
      remoteAddress: '2001:db8:50::1',
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.auth.accountMail.idle();
    expect((await db.selectFrom('mailOutbox').select('to').where('to', '=', owner.email).execute()).length).toBe(2);
    const counted = await db.selectFrom('recipientMailLog').selectAll().execute();
    expect(counted.map((r) => ({ ...r, sent: Number(r.sent) }))).toEqual([
      { recipient: 'owner@example.com', windowStart: '2025-08-01T12:00:00.000Z', sent: 1 },
    ]);
  });
});
