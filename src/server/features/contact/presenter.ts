import type { ContactMessage } from '../../../contract/contact.js';
import type { ContactMessageRow } from './repository.js';

/** What the sender learns about their own message (contract `contactReceiptDto`). */
export function presentReceipt(m: ContactMessageRow) {
  return { id: m.id, status: m.status, createdAt: m.createdAt };
}

/** The admin's view (contract `contactMessageDto`): the message and its delivery state. */
export function presentContactMessage(m: ContactMessageRow): ContactMessage {
  return {
    id: m.id,
    fromName: m.fromName,
    accountEmail: m.accountEmail,
    fromEmail: m.fromEmail,
    toEmail: m.toEmail,
    subject: m.subject,
    message: m.message,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.nextAttemptAt,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
  };
}
