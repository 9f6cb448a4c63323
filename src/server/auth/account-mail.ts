import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { DB } from '../db/index.js';
import type { Clock } from '../clock.js';
import { takeRecipientAllowance } from '../mail/recipient-cap.js';

/**
 * Account mails (verification, "someone tried to register your address", password reset) leave
 * after the answer: the request that asks for one does not wait for the mail server. So sign-up
 * and "forgot password" take as long for an address with an account as for one without (a mail
 * to send used to make the reset answer several times slower), and a slow or failing mail server
 * changes no answer. A failed send is logged; the screens offer "Resend".
 *
 * Each address gets at most a few account mails an hour, counted in the database across
 * instances (mail/recipient-cap.ts). Beyond that the request is answered exactly as before, since
 * the answer has already left, and no mail goes.
 *
 * `idle()` waits for the mails under way (the app waits for it when it closes; tests read the
 * outbox after it).
 */
export function createAccountMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  recipients: { db: DB; clock: Clock; max?: number },
) {
  const pending = new Set<Promise<void>>();
  /** Addresses told "someone tried to register your address" in the last hour (one such mail an hour). */
  const attemptsTold = new LRUCache<string, true>({
    maxSize: 2 * 1024 * 1024,
    sizeCalculation: (_v, key) => key.length * 2 + 64,
    ttl: 60 * 60_000,
  });
  const send = (message: MailMessage) => {
    const sending: Promise<void> = (async () => {
      // Not inside the caller's tick: the answer is on its way before the mail server is contacted.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!(await takeRecipientAllowance(recipients.db, message.to, recipients.clock.now(), recipients.max))) {
        log.warn({ subject: message.subject }, 'An account e-mail was not sent: its address had its share this hour');
        return;
      }
      await mailer.send(message);
    })()
      .catch((err: unknown) => log.error({ err, subject: message.subject }, 'An account e-mail could not be sent'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  return {
    send,
    /** The "someone tried to register your address" mail, at most once an hour per address (a stranger cannot flood the owner). */
    sendAttemptNotice(message: MailMessage) {
      const key = message.to.toLowerCase();
      if (attemptsTold.has(key)) return;
      attemptsTold.set(key, true);
      send(message);
    },
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
