import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { uuidv7 } from './uuid.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The action link in the mail; logged in outbox mode so a local user can follow it. */
  link?: string;
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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ link: _link, ...mail }) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const { link, ...message } = mail;
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${uuidv7()}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log('mail written to the outbox', { to: mail.to, subject: mail.subject, file, link });
    },
    close: () => transport.close(),
  };
}
