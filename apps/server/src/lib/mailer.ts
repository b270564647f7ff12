import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { uuidv7 } from './uuid.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The action link in the mail; logged in outbox mode so a local user can follow it. */
  link?: string;
  /** What the mail is for (`password-reset`, `unread-messages`…): a metrics label, never sent. */
  kind?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when configured; otherwise every message is rendered as a complete RFC 5322 file in
 * the outbox folder, so a local user can open the mail and follow its link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: (message: string, details: Record<string, unknown>) => void;
}): Mailer {
  // The mail library loads with the first message, not at start-up.
  let transport:
    | Promise<Transporter<SMTPTransport.SentMessageInfo | StreamTransport.SentMessageInfo>>
    | undefined;
  // SMTP connections are pooled (nodemailer's pool: up to 5, each reused for 100 messages), so a
  // digest run does not open and greet a connection per mail; `?pool=false` in SMTP_URL opts out.
  const open = (settings: string | StreamTransport.Options) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      typeof settings === 'string'
        ? nodemailer.createTransport({ url: settings, pool: true })
        : nodemailer.createTransport(settings),
    ));
  const close = () => {
    void transport?.then((opened) => opened.close());
  };

  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    return {
      async send({ link: _link, kind: _kind, ...mail }) {
        await (await open(smtpUrl)).sendMail({ from: options.from, ...mail });
      },
      close,
    };
  }

  return {
    async send(mail) {
      const { link, kind: _kind, ...message } = mail;
      const info = (await (
        await open({ streamTransport: true, buffer: true, newline: 'unix' })
      ).sendMail({ from: options.from, ...message })) as StreamTransport.SentMessageInfo;
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${uuidv7()}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log('mail written to the outbox', { to: mail.to, subject: mail.subject, file, link });
    },
    close,
  };
}

/** The same mailer, counting each mail handed to it, sent and failed, by its kind (metrics). */
export function countingMailer(
  mailer: Mailer,
  count: (event: 'queued' | 'sent' | 'failed', kind: string) => void,
): Mailer {
  return {
    async send(mail) {
      const kind = mail.kind ?? 'other';
      count('queued', kind);
      try {
        await mailer.send(mail);
      } catch (error) {
        count('failed', kind);
        throw error;
      }
      count('sent', kind);
    },
    close: () => mailer.close(),
  };
}
