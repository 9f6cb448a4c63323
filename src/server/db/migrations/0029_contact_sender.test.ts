import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { useMigrationDatabase } from '../../test/migration-database.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

/**
 * Migration 0029: contact messages gain the sender account's verified address. Messages written
 * by the release before keep every field as it was (their sender's address stays in `fromName`),
 * with no account address, and the admin still reads them.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const database = useMigrationDatabase();

describe('migration 0029: the account that sent a contact message', () => {
  it('keeps the messages of the release before, with no account address, and the admin reads them', async () => {
    const handle = await database.migratedThrough({ before: '0029_contact_sender' });
    const { db, dialect } = handle;
    const fan = await buildUser(db, dialect, { email: 'fan@example.com', pastSeason: false });
    const admin = await buildUser(db, dialect, { role: 'admin', pastSeason: false });
    const old = [
      {
        id: 'msg-1',
        userId: fan.id,
        fromName: 'fan@example.com',
        fromEmail: 'reply@example.org',
        toEmail: 'support@example.com',
        subject: 'Hello',
        message: 'A question',
        status: 'sent' as const,
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        createdAt: '2026-01-05T10:00:00.000Z',
        sentAt: '2026-01-05T10:00:02.000Z',
      },
      {
        id: 'msg-2',
        userId: null,
        fromName: 'Unknown user',
        fromEmail: 'visitor@example.com',
        toEmail: 'support@example.com',
        subject: 'Hi',
        message: 'Another',
        status: 'failed' as const,
        attempts: 2,
        lastError: 'smtp down',
        nextAttemptAt: '2026-03-01T13:00:00.000Z',
        createdAt: '2026-02-27T10:00:00.000Z',
        sentAt: null,
      },
    ];
    await db.insertInto('contactMessages').values(old).execute();

    expect(await migrateToLatest(handle)).toContain('0029_contact_sender');
    const rows = await db.selectFrom('contactMessages').selectAll().orderBy('id').execute();
    expect(rows).toEqual(old.map((m) => ({ ...m, accountEmail: null })));

    const t = await database.openApp({ otherSeason: false });
    const cookie = await buildSessionCookie(db, dialect, admin.id, SECRET);
    const list = await t.request({ method: 'GET', url: '/api/admin/contact-messages', cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages).toEqual([
      expect.objectContaining({
        id: 'msg-2',
        fromName: 'Unknown user',
        accountEmail: null,
        fromEmail: 'visitor@example.com',
        status: 'failed',
      }),
      expect.objectContaining({
        id: 'msg-1',
        fromName: 'fan@example.com',
        accountEmail: null,
        fromEmail: 'reply@example.org',
        status: 'sent',
      }),
    ]);
  });
});
