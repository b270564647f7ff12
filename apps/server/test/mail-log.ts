import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import { createMailer, type Mail, type Mailer } from '../src/lib/mailer.js';

/** The mails an app under test has sent, in order, each once its mail server took it. */
export interface MailLog {
  sent: Mail[];
  /** The first sent mail that `matches`, waiting for it up to `timeoutMs`. */
  waitFor(matches: (mail: Mail) => boolean, timeoutMs?: number): Promise<Mail>;
}

const logs = new WeakMap<FastifyInstance, MailLog>();

/**
 * The app's mailer as configured (SMTP when `SMTP_URL` is set, else the outbox folder), or the
 * one a test gave, noting each mail it delivered: tests read the links people are mailed here.
 */
export function loggedMailer(config: Config, given?: Mailer): { mailer: Mailer; log: MailLog } {
  const mailer =
    given ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: join(config.DATA_DIR, 'outbox'),
      log: () => undefined,
    });
  const sent: Mail[] = [];
  const waiting = new Set<() => void>();
  const log: MailLog = {
    sent,
    waitFor(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const mail = sent.find(matches);
          if (!mail) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no such mail was sent within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!look()) waiting.add(check);
      });
    },
  };
  return {
    log,
    mailer: {
      async send(mail) {
        await mailer.send(mail);
        sent.push(mail);
        for (const check of [...waiting]) check();
      },
      close: () => mailer.close(),
    },
  };
}

export function rememberMailLog(app: FastifyInstance, log: MailLog): void {
  logs.set(app, log);
}

/** The mails of an app built by `buildTestApp`. */
export function mailsOf(app: FastifyInstance): MailLog {
  const log = logs.get(app);
  if (!log) throw new Error('this app was not built by buildTestApp, so its mails are not logged');
  return log;
}
