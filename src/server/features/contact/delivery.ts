import type { FastifyInstance } from 'fastify';
import { CONTACT_SUBJECT } from '../../../contract/contact.js';
import { isPlainEmail } from '../../../contract/plain-email.js';
import type { Config } from '../../config.js';
import type { DB } from '../../db/index.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Clock } from '../../clock.js';
import {
  claimForDelivery,
  dueMessageIds,
  firstAdminEmail,
  getContactMessage,
  markFailed,
  markSent,
  type ContactMessageRow,
} from './repository.js';

const MINUTE = 60_000;
/** An attempt in flight holds the message this long, so a crashed attempt is retried later. */
const LEASE_MS = 2 * MINUTE;
/** After this many failed attempts the message waits for the admin's retry button. */
export const MAX_AUTOMATIC_ATTEMPTS = 10;
/** How often the background service looks for due messages. */
export const RETRY_INTERVAL_MS = 30_000;

/** Back-off after the n-th failed attempt: 1, 2, 4, 8 … minutes, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(2 ** Math.max(0, failedAttempts - 1), 60) * MINUTE;
}

/** The address messages go to: SUPPORT_EMAIL, else the first admin's, else MAIL_FROM's address. */
export async function supportAddress(db: DB, config: Config): Promise<string> {
  if (config.SUPPORT_EMAIL) return config.SUPPORT_EMAIL;
  const admin = await firstAdminEmail(db);
  if (admin) return admin;
  const angled = /<([^>]+)>/.exec(config.MAIL_FROM);
  return (angled ? angled[1]! : config.MAIL_FROM).trim();
}

/**
 * The mail support receives. It names the account that sent the message (its team name and its
 * verified address), and says whether the reply address is that verified one or one the sender
 * typed, which nobody has checked: a typed address is never presented as the sender.
 */
export function contactMailText(
  m: Pick<ContactMessageRow, 'fromName' | 'accountEmail' | 'fromEmail' | 'createdAt' | 'message'>,
): string {
  // A name is one line of text whatever an older row holds (names are refused with control characters today).
  const name = m.fromName.replace(/\p{Cc}+/gu, ' ');
  const from = m.accountEmail ? `From the account: ${name} <${m.accountEmail}> (verified address)` : `From: ${name}`;
  const reply = !m.fromEmail
    ? 'Reply to: nobody (the account has been deleted)'
    : m.accountEmail && m.fromEmail.toLowerCase() === m.accountEmail.toLowerCase()
      ? `Reply to: ${m.fromEmail} (the account's verified address)`
      : m.accountEmail
        ? `Reply to: ${m.fromEmail} (typed by the sender, not verified)`
        : // No account named (a visitor, or a message older than that record): nobody proved this address.
          `Reply to: ${m.fromEmail} (not verified)`;
  return [`${CONTACT_SUBJECT}`, '', from, reply, `Sent: ${m.createdAt}`, '', m.message, ''].join('\n');
}

/** The mail's Reply-To: only a plain address (messages stored before that rule may hold anything). */
export const replyToHeader = (fromEmail: string): string | undefined =>
  isPlainEmail(fromEmail) ? fromEmail : undefined;

interface DeliveryDeps {
  db: DB;
  mailer: Mailer;
  clock: Clock;
  config: Config;
}

/**
 * One delivery attempt for one message, if it is due and nobody else is sending it.
 * Returns the message's state afterwards (undefined when it does not exist).
 */
export async function attemptDelivery(deps: DeliveryDeps, id: string): Promise<ContactMessageRow | undefined> {
  const now = deps.clock.now();
  const claimed = await claimForDelivery(
    deps.db,
    id,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  if (claimed) {
    const m = (await getContactMessage(deps.db, id))!;
    const attempts = m.attempts + 1;
    try {
      // No stored destination: the account it was addressed to was deleted; today's support address takes it.
      const to = m.toEmail || (await supportAddress(deps.db, deps.config));
      await deps.mailer.send({ to, subject: m.subject, text: contactMailText(m), replyTo: replyToHeader(m.fromEmail) });
      await markSent(deps.db, id, attempts, deps.clock.nowIso());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const next =
        attempts >= MAX_AUTOMATIC_ATTEMPTS
          ? null
          : new Date(deps.clock.now().getTime() + retryDelayMs(attempts)).toISOString();
      await markFailed(deps.db, id, attempts, message.slice(0, 500), next);
    }
  }
  return getContactMessage(deps.db, id);
}

/** Sends every due message once (the retry service's tick; tests call it with the manual clock). */
export async function retryDueContactMessages(
  deps: DeliveryDeps,
  limit = 20,
): Promise<{ tried: number; sent: number }> {
  const ids = await dueMessageIds(deps.db, deps.clock.nowIso(), limit);
  let sent = 0;
  for (const id of ids) {
    const after = await attemptDelivery(deps, id);
    if (after?.status === 'sent') sent += 1;
  }
  return { tried: ids.length, sent };
}

/** The background retry loop; returns its stop function. */
export function startContactRetryService(app: FastifyInstance): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = retryDueContactMessages(app.deps)
      .then(async (r) => {
        if (r.tried > 0) {
          app.log.info(r, 'Contact messages retried');
          await app.deps.bus.publish({ type: 'contact-messages.changed' });
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'Contact message retry failed'))
      .finally(() => {
        running = null;
      });
  }, RETRY_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
