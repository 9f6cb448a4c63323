import { SMTPServer } from 'smtp-server';
import { freePort } from './server.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Text with quoted-printable soft line breaks undone, so links can be matched. */
  text: string;
}

/** A real SMTP server that keeps what it receives, for the app's SMTP_URL in tests. */
export async function startSmtpSink(opts: { port?: number } = {}): Promise<{
  url: string;
  port: number;
  mails: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: decoded,
        });
        callback();
      });
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(pred, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(pred);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No matching e-mail arrived (got: ${mails.map((m) => m.subject).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
