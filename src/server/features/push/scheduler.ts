import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { predictionDeadline } from '../../../game/deadline.js';
import { DEADLINE_MS } from '../../../game/limits.js';
import { isQuietAt, pushReminderAction, pushReminderFor } from '../../../game/push-reminders.js';
import { UK_ZONE } from '../../../game/time.js';
import type { PushPayload } from '../../../contract/push.js';
import { fixturesKickingOffBetween, playersOfCompetitions, predictionKeys, remindsOf } from '../reminders/index.js';
import {
  claimPushes,
  failedKeys,
  markPush,
  pushRecipients,
  reclaimFailed,
  sentKeys,
  subscriptionsOf,
} from './repository.js';

/** How often the push scheduler looks for due reminders. */
export const PUSH_INTERVAL_MS = 60_000;
/** A message that reached no device is tried again after this, while its window is open. */
const RETRY_AFTER_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The log key of one missing-picks reminder: one per player, deadline and reminder time. */
export const picksMissingKey = (userId: string, deadlineIso: string, hours: number) =>
  `picks-missing|${userId}|${deadlineIso}|${hours}`;

/** The reminder's text: how many matches lack a pick and when predictions close, in the player's zone. */
export function picksMissingPayload(count: number, deadline: Date, hours: 24 | 1, zone: string | null): PushPayload {
  const own = zone ? DateTime.fromJSDate(deadline, { zone }) : null;
  const [when, label] = own?.isValid ? [own, zone!] : [DateTime.fromJSDate(deadline, { zone: UK_ZONE }), 'UK time'];
  const matches = count === 1 ? '1 match has no pick' : `${count} matches have no pick`;
  return {
    title: hours === 1 ? 'One hour left to predict' : 'Predictions close tomorrow',
    body: `${matches} yet. Predictions close ${when.toFormat('ccc d LLL, HH:mm')} (${label}).`,
    url: '/predictions',
  };
}

export interface PushRun {
  /** Reminders claimed by this pass and queued (one per player and deadline). */
  queued: number;
  /** Due reminders held back by quiet hours. */
  held: number;
}

/**
 * One pass of the missing-picks push job at `now`: for every player with push reminders on and a
 * device, each deadline 24 hours or 1 hour away that still has matches without their pick becomes
 * a claimed row in pushLog (only the instance whose insert won sends it), then a queued message.
 * The pass never waits for a push service.
 */
export async function runPushReminders(app: FastifyInstance, now: Date): Promise<PushRun> {
  const { db, handle } = app.deps;
  const nowIso = now.toISOString();
  const fixtures = await fixturesKickingOffBetween(
    db,
    new Date(now.getTime() + DEADLINE_MS).toISOString(),
    new Date(now.getTime() + DAY_MS + DEADLINE_MS).toISOString(),
  );
  if (fixtures.length === 0) return { queued: 0, held: 0 };
  const recipients = await pushRecipients(db, handle.dialect, 'picksMissing');
  if (recipients.length === 0) return { queued: 0, held: 0 };
  const [predicted, players] = await Promise.all([
    predictionKeys(
      db,
      fixtures.map((f) => f.id),
    ),
    playersOfCompetitions(
      db,
      fixtures.map((f) => f.competitionId),
    ),
  ]);

  interface Due {
    key: string;
    userId: string;
    deadline: Date;
    hours: 24 | 1;
    count: number;
    zone: string | null;
    quiet: boolean;
  }
  const due = new Map<string, Due>();
  for (const r of recipients) {
    const quiet = isQuietAt(now, { start: r.quietStart, end: r.quietEnd, zone: r.timeZone });
    for (const f of fixtures) {
      if (predicted.has(`${r.userId}|${f.id}`) || !remindsOf(players, r.userId, f)) continue;
      const deadline = predictionDeadline({ kickoffAt: f.kickoffAt, postponed: 0 });
      const hours = deadline && pushReminderFor(deadline, now);
      if (!deadline || !hours) continue;
      const key = picksMissingKey(r.userId, deadline.toISOString(), hours);
      const d = due.get(key);
      if (d) d.count++;
      else due.set(key, { key, userId: r.userId, deadline, hours, count: 1, zone: r.timeZone, quiet });
    }
  }
  if (due.size === 0) return { queued: 0, held: 0 };

  // Quiet hours: the last-chance reminder goes anyway when the player had no push about that deadline.
  const quietOnes = [...due.values()].filter((d) => d.quiet && d.hours === 1);
  const earlier = await sentKeys(
    db,
    quietOnes.map((d) => picksMissingKey(d.userId, d.deadline.toISOString(), 24)),
  );
  let held = 0;
  const sendable: Due[] = [];
  for (const d of due.values()) {
    const earlierSent = earlier.has(picksMissingKey(d.userId, d.deadline.toISOString(), 24));
    if (pushReminderAction({ hours: d.hours, quiet: d.quiet, earlierSent }) === 'hold') held++;
    else sendable.push(d);
  }

  const won = await claimPushes(
    db,
    sendable.map((d) => ({ key: d.key, userId: d.userId, kind: 'picksMissing' })),
    nowIso,
  );
  // Reminders that reached no device earlier are tried again, a few minutes apart.
  const failed = await failedKeys(
    db,
    sendable.filter((d) => !won.has(d.key)).map((d) => d.key),
  );
  const retryBefore = new Date(now.getTime() - RETRY_AFTER_MS).toISOString();
  for (const key of failed) if (await reclaimFailed(db, key, nowIso, retryBefore)) won.add(key);
  if (won.size === 0) return { queued: 0, held };

  const mine = sendable.filter((d) => won.has(d.key));
  const targets = await subscriptionsOf(db, [...new Set(mine.map((d) => d.userId))]);
  for (const d of mine) {
    app.pushQueue.enqueue({
      targets: targets.filter((t) => t.userId === d.userId),
      payload: picksMissingPayload(d.count, d.deadline, d.hours, d.zone),
      urgency: d.hours === 1 ? 'high' : 'normal',
      done: (delivered) =>
        markPush(app.deps.db, d.key, delivered ? { sentAt: app.deps.clock.nowIso() } : 'failed').catch((err: unknown) =>
          app.log.warn({ err }, 'A push reminder could not be logged'),
        ),
    });
  }
  return { queued: mine.length, held };
}

/** Starts the push scheduler: a first pass shortly after start-up, then one a minute. Returns its stop function. */
export function startPushScheduler(app: FastifyInstance, intervalMs = PUSH_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runPushReminders(app, app.deps.clock.now())
      .catch((err: unknown) => app.log.error({ err }, 'The push reminder pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 1500);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
