import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { displayTeamName } from '../../../game/clubs.js';
import { predictionDeadline } from '../../../game/deadline.js';
import { DEADLINE_MS } from '../../../game/limits.js';
import {
  DEFAULT_REMINDER_WINDOWS,
  MAX_REMINDER_LEAD_MS,
  parseWindows,
  reminderWindowFor,
  type ReminderWindow,
} from '../../../game/reminders.js';
import { UK_ZONE } from '../../../game/time.js';
import { escapeHtml } from '../../mail/templates.js';
import {
  claimNewReminders,
  fixturesKickingOffBetween,
  markReminders,
  predictionKeys,
  playersOfCompetitions,
  remindsOf,
  reclaimReminder,
  reminderLogFor,
  reminderRecipients,
  type DueFixture,
  type ReminderKey,
} from './repository.js';
import { ensureSettingsFor, pushInsteadOfEmail } from '../user-settings/index.js';

/** How often the scheduler looks for due reminders. */
export const REMINDER_INTERVAL_MS = 60_000;
/** A claim older than this whose send never finished (the instance died) may be taken over. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface ReminderRun {
  /** E-mails sent (one per player, listing all their due matches). */
  sent: number;
  failed: number;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * One pass of the deadline-reminder job at `now`. For every verified player with reminders on,
 * each unpredicted match whose deadline is inside one of their windows becomes a
 * (player, match, window) row in reminderLog: claimed first (only the instance whose insert
 * succeeded sends it), then sent, then marked sent. A failed send is marked failed and retried on
 * a later pass; it never stops the other players' mail.
 */
export async function runReminders(app: FastifyInstance, now: Date): Promise<ReminderRun> {
  const { db, handle, config, mailer } = app.deps;
  const nowIso = now.toISOString();
  // Deadlines still ahead and at most the widest window away.
  const fixtures = await fixturesKickingOffBetween(
    db,
    new Date(now.getTime() + DEADLINE_MS).toISOString(),
    new Date(now.getTime() + MAX_REMINDER_LEAD_MS).toISOString(),
  );
  if (fixtures.length === 0) return { sent: 0, failed: 0 };
  const ids = fixtures.map((f) => f.id);
  const [everyone, predicted, log, byPush, players] = await Promise.all([
    reminderRecipients(db, handle.dialect),
    predictionKeys(db, ids),
    reminderLogFor(db, ids),
    pushInsteadOfEmail(db),
    playersOfCompetitions(
      db,
      fixtures.map((f) => f.competitionId),
    ),
  ]);
  // A player whose reminders reach a device by push gets no e-mail for the same deadline, unless
  // they asked for both (decision 0111); a device removed after a 410 brings the e-mail back.
  const recipients = everyone.filter((r) => !byPush.has(r.userId));
  const logged = new Map(log.map((l) => [`${l.userId}|${l.fixtureId}|${l.windowHours}`, l]));
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  // A failed send waits 1, 2, 4 … up to 60 minutes before its next attempt (a dead mailbox is not hammered every minute).
  const retryAfter = (attempts: number) =>
    new Date(now.getTime() - Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000).toISOString();

  const fresh: ReminderKey[] = [];
  const retries: ReminderKey[] = [];
  for (const r of recipients) {
    const windows: readonly ReminderWindow[] =
      r.reminderWindows === null ? DEFAULT_REMINDER_WINDOWS : parseWindows(r.reminderWindows);
    for (const f of fixtures) {
      if (predicted.has(`${r.userId}|${f.id}`) || !remindsOf(players, r.userId, f)) continue;
      const deadline = predictionDeadline({ kickoffAt: f.kickoffAt, postponed: 0 });
      const w = deadline && reminderWindowFor(deadline, now, windows);
      if (!w) continue;
      const key = { userId: r.userId, fixtureId: f.id, windowHours: w };
      const existing = logged.get(`${r.userId}|${f.id}|${w}`);
      if (!existing) fresh.push(key);
      else if (
        (existing.status === 'failed' && existing.claimedAt <= retryAfter(existing.attempts)) ||
        (existing.status === 'claimed' && existing.claimedAt < staleBefore)
      )
        retries.push(key);
    }
  }
  if (fresh.length === 0 && retries.length === 0) return { sent: 0, failed: 0 };

  const claimed = await claimNewReminders(db, fresh, nowIso);
  for (const k of retries) if (await reclaimReminder(db, k, nowIso, staleBefore)) claimed.push(k);
  if (claimed.length === 0) return { sent: 0, failed: 0 };

  const byUser = new Map<string, ReminderKey[]>();
  for (const k of claimed) byUser.set(k.userId, [...(byUser.get(k.userId) ?? []), k]);
  const settings = await ensureSettingsFor(db, [...byUser.keys()], nowIso);
  const people = new Map(recipients.map((r) => [r.userId, r]));
  const fixtureById = new Map(fixtures.map((f) => [f.id, f]));

  let sent = 0;
  let failed = 0;
  for (const [userId, keys] of byUser) {
    const person = people.get(userId)!;
    const token = settings.get(userId)!.unsubscribeToken;
    const matches = [...new Set(keys.map((k) => k.fixtureId))]
      .map((id) => fixtureById.get(id)!)
      .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
    const unsubscribe = unsubscribeUrl(config.PUBLIC_URL, token);
    const mail = reminderEmail({
      name: person.name,
      matches,
      predictUrl: `${config.PUBLIC_URL}/predictions`,
      unsubscribeUrl: unsubscribe,
      settingsUrl: `${config.PUBLIC_URL}/settings`,
    });
    try {
      await mailer.send({
        to: person.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await markReminders(db, keys, { sentAt: app.deps.clock.nowIso() });
      sent++;
    } catch (err) {
      failed++;
      app.log.warn({ err, userId }, 'A deadline reminder could not be sent; it will be retried');
      await markReminders(db, keys, { error: err instanceof Error ? err.message : String(err) }).catch(() => {});
    }
  }
  return { sent, failed };
}

/** The e-mail: the player's unpredicted matches with their deadlines (UK time), a link to predict, and how to stop. */
export function reminderEmail(opts: {
  name: string;
  matches: readonly DueFixture[];
  predictUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}) {
  const n = opts.matches.length;
  const subject =
    n === 1
      ? 'Reminder: 1 match to predict before the deadline'
      : `Reminder: ${n} matches to predict before the deadline`;
  const lines = opts.matches.map((f) => {
    const kickoff = DateTime.fromISO(f.kickoffAt, { zone: UK_ZONE });
    const deadline = kickoff.minus({ milliseconds: DEADLINE_MS });
    return {
      title: `${displayTeamName(f.homeTeam)} v ${displayTeamName(f.awayTeam)}`,
      when: `kick-off ${kickoff.toFormat('ccc d LLL, HH:mm')}, predictions close ${deadline.toFormat('ccc d LLL, HH:mm')} (UK time)`,
    };
  });
  const intro = n === 1 ? "You haven't predicted this match yet:" : `You haven't predicted these ${n} matches yet:`;
  const text = [
    `Hi ${opts.name},`,
    '',
    intro,
    ...lines.map((l) => `- ${l.title}: ${l.when}`),
    '',
    `Make your predictions: ${opts.predictUrl}`,
    '',
    `You get this because deadline reminders are on in your settings (${opts.settingsUrl}).`,
    `Unsubscribe from reminders: ${opts.unsubscribeUrl}`,
    '— Scoreline',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(opts.name)},</p><p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li><strong>${escapeHtml(l.title)}</strong>: ${escapeHtml(l.when)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(opts.predictUrl)}" style="display:inline-block;padding:10px 16px;background:#16a34a;color:#fff;border-radius:6px;text-decoration:none">Make your predictions</a></p>
<p style="color:#555;font-size:13px">Or open this link: ${escapeHtml(opts.predictUrl)}</p>
<p style="color:#555;font-size:13px">You get this because deadline reminders are on in your <a href="${escapeHtml(opts.settingsUrl)}">settings</a>.
<a href="${escapeHtml(opts.unsubscribeUrl)}">Unsubscribe from reminders</a></p><p>— Scoreline</p>`;
  return { subject, text, html };
}

/** Starts the scheduler: a first pass shortly after start-up, then one a minute. Returns its stop function. */
export function startReminderScheduler(app: FastifyInstance, intervalMs = REMINDER_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return; // the previous pass is still sending
    running = runReminders(app, app.deps.clock.now())
      .then((r) => {
        if (r.sent || r.failed) app.log.info(r, 'Deadline reminders sent');
      })
      .catch((err: unknown) => app.log.error({ err }, 'The deadline reminder pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 1000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
