import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/index.js';
import type { Clock } from '../clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; throws when the SMTP server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise the development outbox: the message is stored in the
 * database and its links are logged, so a newcomer can verify an account without a mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: DB;
  clock: Clock;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          replyTo: m.replyTo,
          headers: m.headers,
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(m) {
      await opts.db
        .insertInto('mailOutbox')
        .values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, createdAt: opts.clock.nowIso() })
        .execute();
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info(
        { to: m.to, subject: m.subject, links },
        `Mail to development outbox (see /dev/mail): ${m.subject}`,
      );
    },
    close: () => {},
  };
}
