import type { DB } from '../db/index.js';

/**
 * Account mails (verification, password reset, "someone tried to register your address") one
 * address may be sent in an hour, whoever asks and from wherever: the per-address limits on the
 * requests cannot stop many addresses (a botnet, or an IPv6 network's many /64s) from flooding
 * one mailbox, or from getting our mail server marked as a source of spam.
 */
export const ACCOUNT_MAILS_PER_RECIPIENT = 5;
export const RECIPIENT_WINDOW_MS = 60 * 60_000;

/**
 * Counts one more account mail to `to` and says whether it may be sent: true for the first
 * ACCOUNT_MAILS_PER_RECIPIENT of a window, which opens with the first mail and lasts an hour.
 * One upsert counts and reads together, so instances sharing the database never both take the
 * last place.
 */
export async function takeRecipientAllowance(
  db: DB,
  to: string,
  now: Date,
  max = ACCOUNT_MAILS_PER_RECIPIENT,
): Promise<boolean> {
  const recipient = to.trim().toLowerCase();
  const nowIso = now.toISOString();
  const expired = new Date(now.getTime() - RECIPIENT_WINDOW_MS).toISOString();
  // Closed windows go, so the table holds only the addresses mailed in the last hour.
  await db.deleteFrom('recipientMailLog').where('windowStart', '<=', expired).execute();
  const row = await db
    .insertInto('recipientMailLog')
    .values({ recipient, windowStart: nowIso, sent: 1 })
    .onConflict((oc) =>
      oc.column('recipient').doUpdateSet((eb) => {
        // Another instance's delete may not have reached this row yet: an old window starts afresh here too.
        const closed = eb('recipientMailLog.windowStart', '<=', expired);
        return {
          sent: eb
            .case()
            .when(closed)
            .then(1)
            .else(eb('recipientMailLog.sent', '+', 1))
            .end(),
          windowStart: eb.case().when(closed).then(nowIso).else(eb.ref('recipientMailLog.windowStart')).end(),
        };
      }),
    )
    .returning('sent')
    .executeTakeFirstOrThrow();
  return Number(row.sent) <= max;
}
