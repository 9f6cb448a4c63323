import { z } from 'zod';
import type { ContactMessageRow } from './repository.js';

export const contactStatus = z.enum(['pending', 'sent', 'failed']);

/** What the sender learns about their own message. */
export const contactReceiptDto = z.object({ id: z.string(), status: contactStatus, createdAt: z.string() });

/** The admin's view: the message and its delivery state. */
export const contactMessageDto = z.object({
  id: z.string(),
  fromName: z.string(),
  fromEmail: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  message: z.string(),
  status: contactStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ContactMessageDto = z.infer<typeof contactMessageDto>;

const statusOf = (s: string): z.infer<typeof contactStatus> => (s === 'sent' || s === 'failed' ? s : 'pending');

export function presentReceipt(m: ContactMessageRow): z.infer<typeof contactReceiptDto> {
  return { id: m.id, status: statusOf(m.status), createdAt: m.createdAt };
}

export function presentContactMessage(m: ContactMessageRow): ContactMessageDto {
  return {
    id: m.id,
    fromName: m.fromName,
    fromEmail: m.fromEmail,
    toEmail: m.toEmail,
    subject: m.subject,
    message: m.message,
    status: statusOf(m.status),
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.nextAttemptAt,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
  };
}
