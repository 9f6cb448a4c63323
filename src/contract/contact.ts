import { z } from 'zod';
import { CONTACT_MESSAGE_MAX } from '../game/limits.js';
import { EMAIL_PATTERN } from './common.js';
import { isPlainEmail } from './plain-email.js';

export const CONTACT_SUBJECT = 'New message from the Scoreline contact form';
/** A sender may send 5 messages per 10 minutes. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
export const CONTACT_RATE_LIMIT_MESSAGE =
  'You have sent 5 messages in the last 10 minutes. Please wait a few minutes before sending another.';
/** An address with more than the address in it (a name, `?cc=…`, a second address): refused, never passed on. */
export const CONTACT_PLAIN_ADDRESS_MESSAGE =
  'Please enter just an e-mail address, like name@example.com, with nothing before or after it.';
/**
 * How a message from someone not signed in (or whose address is not verified yet) is named: the
 * mail names an account only when its address is proven.
 */
export const VISITOR_SENDER = 'Visitor (not signed in)';
/** How a message from an account that was later deleted is named (its address and link are gone). */
export const DELETED_SENDER = 'Deleted account';

/**
 * The contact form, checked in this order with one message at a time:
 * Email empty, then Message empty after trim, then Email not an address. `email` is the reply
 * address: the form fills in the account's verified address; another one must be a plain
 * address (plain-email.ts), since it becomes the mail's Reply-To and the admin's mailto link.
 */
export const contactSchema = z
  .object({
    // Optional so a missing field reaches the ordered checks below instead of failing first.
    email: z.string({ error: 'Email is required' }).optional(),
    message: z.string({ error: 'Message is required' }).optional(),
  })
  .superRefine((v, ctx) => {
    const email = (v.email ?? '').trim();
    const message = (v.message ?? '').trim();
    if (email === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
    } else if (message === '') {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Message is required' });
    } else if (!EMAIL_PATTERN.test(email) || email.length > 254) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please enter a valid email address' });
    } else if (!isPlainEmail(email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_PLAIN_ADDRESS_MESSAGE });
    } else if (message.length > CONTACT_MESSAGE_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: `Message must be ${CONTACT_MESSAGE_MAX} characters or less`,
      });
    }
  });
export type ContactInput = z.input<typeof contactSchema>;

/** The trimmed values of a form that passed `contactSchema`. */
export function normalizeContact(v: ContactInput): { email: string; message: string } {
  return { email: (v.email ?? '').trim(), message: (v.message ?? '').trim() };
}

// ---------------------------------------------------------------- responses

/** pending: not tried yet; failed: the last attempt failed (it is retried). */
export const CONTACT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const contactStatusDto = z.enum(CONTACT_STATUSES);

/**
 * The address the contact page shows: SUPPORT_EMAIL when the site has one, else null (messages
 * still reach the admin; their personal address is never shown to every player and visitor).
 */
export const contactInfoDto = z.object({ supportEmail: z.string().nullable() });

/** What the sender learns about their own message. */
export const contactReceiptDto = z.object({ id: z.string(), status: contactStatusDto, createdAt: z.string() });
export const contactReceiptReply = z.object({ message: contactReceiptDto });

/** The admin's view: the message and its delivery state. */
export const contactMessageDto = z.object({
  id: z.string(),
  /** The sender's team name (older messages: their address), or DELETED_SENDER. */
  fromName: z.string(),
  /** The sender account's verified address when it was sent (null for older messages and deleted accounts). */
  accountEmail: z.string().nullable(),
  /** The reply address: the account's, or one the sender typed (not verified); empty once the account is deleted. */
  fromEmail: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  message: z.string(),
  status: contactStatusDto,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageDto>;
export const contactMessageReply = z.object({ message: contactMessageDto });
export const contactMessageListReply = z.object({ messages: z.array(contactMessageDto) });
