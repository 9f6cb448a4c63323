import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startPostgres, type PostgresServer } from '../../../scripts/postgres-server.js';
import { testDialect } from '../test/databases.js';
import { createPostgresBus, LIVE_RESUMED, type BusLog, type EventBus, type LiveEvent } from './bus.js';

/**
 * The PostgreSQL live-event listener once gave up for good after one failed reconnect, so an
 * instance stopped receiving other instances' events. Here a dedicated throwaway PostgreSQL is
 * stopped under a live listener and started again: the listener keeps trying (with back-off) for
 * as long as it is down, logs each failure and the recovery, and then receives an event published
 * from another connection. SQLite has no such listener (one process, an in-memory bus).
 */
const onPostgres = testDialect() === 'postgres';

describe.skipIf(!onPostgres)(
  'PostgreSQL live events survive a database restart (PostgreSQL only: SQLite uses the in-process bus)',
  () => {
    let server: PostgresServer;
    let bus: EventBus;
    const logs: Array<{ level: 'info' | 'warn'; msg: string; obj: Record<string, unknown> }> = [];
    const log: BusLog = {
      info: (obj, msg) => logs.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
      warn: (obj, msg) => logs.push({ level: 'warn', msg, obj: obj as Record<string, unknown> }),
    };
    const received: LiveEvent[] = [];
    /** An event standing for a name (the tests follow names): a change of the vocabulary that names a season. */
    const named = (name: string): LiveEvent => ({ type: 'feed.changed', seasonId: name });
    const nameOf = (e: LiveEvent) => ('seasonId' in e ? e.seasonId : e.type);
    const names = () => received.map(nameOf);

    /** Publishes the way another instance would: its own connection, NOTIFY on the channel. */
    async function publishFromElsewhere(event: LiveEvent | Record<string, unknown>) {
      const other = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
      await other.connect();
      try {
        await other.query('SELECT pg_notify($1, $2)', ['scoreline_events', JSON.stringify(event)]);
      } finally {
        await other.end();
      }
    }

    beforeAll(async () => {
      server = await startPostgres();
      // Short waits keep the test quick; the doubling and the cap are what is exercised.
      bus = await createPostgresBus(`${server.baseUrl}/postgres`, log, { minDelayMs: 50, maxDelayMs: 400 });
      bus.subscribe((e) => received.push(e));
    }, 60_000);
    afterAll(async () => {
      await bus?.close();
      await server?.stop();
    });

    test(
      'events published together arrive, every one and in order, in a few transactions, not one each',
      { timeout: 30_000 },
      async () => {
        const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
        await admin.connect();
        try {
          const xid = async () =>
            Number((await admin.query<{ x: string }>('SELECT txid_current()::text AS x')).rows[0]!.x);
          const from = received.length;
          const before = await xid();
          // A burst, as many saves answered in the same moment publish (each NOTIFY transaction takes a transaction id).
          await Promise.all(Array.from({ length: 200 }, (_, i) => bus.publish(named(`burst-${i}`))));
          const used = (await xid()) - before - 1;
          expect(used).toBeGreaterThan(0);
          expect(used).toBeLessThan(10);
          await vi.waitFor(() => expect(received.length - from).toBe(200), { timeout: 10_000 });
          expect(received.slice(from).map(nameOf)).toEqual(Array.from({ length: 200 }, (_, i) => `burst-${i}`));
        } finally {
          await admin.end();
        }
      },
    );

    test(
      'an event reaches this instance at once and exactly once, and every other instance through NOTIFY, as published',
      { timeout: 30_000 },
      async () => {
        const other = await createPostgresBus(`${server.baseUrl}/postgres`, log);
        const seenElsewhere: LiveEvent[] = [];
        other.subscribe((e) => seenElsewhere.push(e));
        try {
          const event: LiveEvent = { type: 'prediction.saved', seasonId: '2026-27', userId: 'u1' };
          const from = received.length;
          const sent = bus.publish(event);
          // Delivered here before publish even resolves: the player's next request on this instance sees it.
          expect(received.slice(from)).toEqual([event]);
          await sent;
          await vi.waitFor(() => expect(seenElsewhere).toEqual([event]), { timeout: 10_000 });
          // The loop-back of its own notification is not delivered again: a marker sent after it
          // arrives, and the event is still there once.
          await publishFromElsewhere(named('marker'));
          await vi.waitFor(() => expect(names()).toContain('marker'), { timeout: 10_000 });
          expect(received.slice(from).map(nameOf)).toEqual(['2026-27', 'marker']);
        } finally {
          await other.close();
        }
      },
    );

    test(
      'a notification that is not a change of the vocabulary reaches no cache and no browser',
      { timeout: 30_000 },
      async () => {
        const from = received.length;
        await publishFromElsewhere({ type: 'made-up', keys: [['me']] });
        await publishFromElsewhere({ type: 'results.changed' });
        await publishFromElsewhere({ type: 'session.changed', userId: 42 });
        await publishFromElsewhere(named('after-malformed'));
        await vi.waitFor(() => expect(names()).toContain('after-malformed'), { timeout: 10_000 });
        expect(received.slice(from).map(nameOf)).toEqual(['after-malformed']);
        expect(logs.filter((l) => l.msg === 'Ignored a malformed live event')).toHaveLength(3);
      },
    );

    test(
      'a NOTIFY that fails never fails the publish: this instance has the event, the others are told to refetch once sending works',
      { timeout: 60_000 },
      async () => {
        // A publisher that can lose its connection and not get another one, while its listener and
        // the other instance stay connected: a role that may stop logging in.
        const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
        await admin.connect();
        const url = `${server.baseUrl.replace('postgres@', 'publisher@')}/postgres`;
        const publisherLogs: string[] = [];
        const publisherLog: BusLog = {
          info: (_o, msg) => publisherLogs.push(msg),
          warn: (_o, msg) => publisherLogs.push(msg),
        };
        let breaking: EventBus | null = null;
        try {
          await admin.query('DROP ROLE IF EXISTS publisher');
          await admin.query('CREATE ROLE publisher LOGIN');
          breaking = await createPostgresBus(url, publisherLog, { minDelayMs: 50, maxDelayMs: 400 });
          const here: LiveEvent[] = [];
          breaking.subscribe((e) => here.push(e));
          const from = received.length;
          await breaking.publish(named('sent'));
          await vi.waitFor(() => expect(names()).toContain('sent'), { timeout: 10_000 });

          // Its publishing connection goes and no new one is let in; its listener stays.
          await admin.query('ALTER ROLE publisher NOLOGIN');
          await admin.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'publisher' AND query NOT LIKE 'LISTEN%'",
          );
          await vi.waitFor(
            async () =>
              expect((await admin.query("SELECT 1 FROM pg_stat_activity WHERE usename = 'publisher'")).rowCount).toBe(
                1,
              ),
            { timeout: 10_000 },
          );
          // The write this event follows has committed: its publish resolves, and this instance has it.
          await expect(breaking.publish(named('lost'))).resolves.toBeUndefined();
          expect(here.map(nameOf)).toEqual(['sent', 'lost']);
          expect(publisherLogs).toContain(
            'Live events could not reach the other instances; they will be told to refetch once sending works again',
          );

          // Sending works again: the other instance is told to refetch (the lost event never arrives).
          await admin.query('ALTER ROLE publisher LOGIN');
          await vi.waitFor(() => expect(received.slice(from)).toContainEqual(LIVE_RESUMED), { timeout: 15_000 });
          expect(names().slice(from)).not.toContain('lost');
          expect(publisherLogs).toContain('Live events reach the other instances again; they refetch');
          await breaking.publish(named('after'));
          await vi.waitFor(() => expect(names()).toContain('after'), { timeout: 10_000 });
        } finally {
          await breaking?.close();
          await admin.query('DROP ROLE IF EXISTS publisher').catch(() => {});
          await admin.end();
        }
      },
    );

    test(
      'events arrive before, the listener keeps retrying while the database is down, and events arrive after',
      { timeout: 60_000 },
      async () => {
        await publishFromElsewhere(named('before'));
        await vi.waitFor(() => expect(names()).toContain('before'), { timeout: 10_000 });

        await server.pause();
        // The old code tried once and stopped; wait for several failed attempts, waits growing to the cap.
        await vi.waitFor(
          () =>
            expect(
              logs.filter((l) => l.msg.startsWith('Live event listener could not reconnect')).length,
            ).toBeGreaterThanOrEqual(5),
          {
            timeout: 30_000,
            interval: 50,
          },
        );
        // (The publisher's idle connection, dropped too, is logged apart.)
        expect(logs.filter((l) => l.msg.startsWith('Live event listener'))[0]).toMatchObject({
          level: 'warn',
          msg: 'Live event listener lost its connection to PostgreSQL; reconnecting',
        });
        const waits = logs
          .filter((l) => l.msg.startsWith('Live event listener could not reconnect'))
          .map((l) => l.obj.retryInMs);
        expect(waits.slice(0, 5)).toEqual([100, 200, 400, 400, 400]);
        // Each failure is logged with its cause.
        expect(
          logs
            .filter((l) => l.msg.startsWith('Live event listener could not reconnect'))
            .every((l) => l.obj.err instanceof Error),
        ).toBe(true);

        await server.resume();
        await vi.waitFor(
          () =>
            expect(
              logs.some((l) => l.level === 'info' && l.msg === 'Live event listener reconnected to PostgreSQL'),
            ).toBe(true),
          { timeout: 15_000 },
        );
        // Its own clients are told to refetch what they show (events sent during the outage were lost).
        expect(received).toContainEqual(LIVE_RESUMED);

        await publishFromElsewhere(named('after'));
        await vi.waitFor(() => expect(names()).toContain('after'), { timeout: 10_000 });
        // And publishing through the bus itself works again (its pool reconnects too).
        await bus.publish(named('own'));
        await vi.waitFor(() => expect(names()).toContain('own'), { timeout: 10_000 });
      },
    );
  },
);
