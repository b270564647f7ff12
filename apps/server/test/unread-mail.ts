import { messageSchema, notificationSettingsSchema } from '@maya/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { selectRows, type DatabaseHandle } from '../src/db/client.js';
import { UNREAD_MESSAGES_QUEUE } from '../src/modules/notifications/notifications.service.js';
import { buildAppOn, buildTestApp } from './build-test-app.js';
import { send } from './chats.js';
import { SIGN_UP_MAIL, signUpThroughSmtp, type SignedUp } from './sessions.js';
import { startSmtpPeer, subjectOf, type ReceivedMail } from './smtp-peer.js';
import type { ClientSocket } from './sockets.js';

/**
 * What the unread-message mail's tests share: an SMTP peer, the apps that mail it, and the ways
 * to read what arrived. Each test file builds its own (`unreadMailRig`), so the files run side by
 * side on the workers, each with only the apps it uses.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live app's delay before a mail, in seconds: its tests wait it out. */
export const DELAY = '1';
/** The controlled clock's delay: its tests move time instead of waiting. */
export const TIMED_DELAY = 600;

/** Quoted-printable undone, so the words of a raw mail can be searched. */
export const decoded = (mail: ReceivedMail) =>
  mail.raw
    .replaceAll('=\r\n', '')
    .replaceAll(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    )
    .replaceAll(/\r\n[ \t]+/g, ' ');

export function unsubscribeLink(mail: ReceivedMail): string {
  const match = mail.raw.replaceAll(/\r\n[ \t]+/g, ' ').match(/^List-Unsubscribe: *<([^>]+)>/m);
  if (!match?.[1]) throw new Error('no List-Unsubscribe header');
  return match[1];
}

/** Emits a client event and resolves with the server's ack. */
export function ask(socket: ClientSocket, event: 'chat:focus' | 'chat:blur', chatId: string) {
  return new Promise<{ ok: boolean; error?: { status: number } }>((resolve) =>
    socket.emit(event, { chatId }, (answer) => resolve(answer as { ok: boolean })),
  );
}

export async function sent(
  application: FastifyInstance,
  user: SignedUp,
  chatId: string,
  body: string,
) {
  const response = await send(application, user, chatId, body);
  expect(response.statusCode).toBe(201);
  return messageSchema.parse(response.json().message);
}

/**
 * The SMTP peer and, as asked, the live app (a delay of `DELAY`, listening for sockets) and the
 * controlled clock's app (a delay of `TIMED_DELAY`), with the helpers that read them.
 */
export async function unreadMailRig({ live = false, timed = false } = {}) {
  const smtp = await startSmtpPeer();
  const liveApp = live
    ? await buildTestApp(
        { SMTP_URL: smtp.url, MESSAGE_MAIL_DELAY_SECONDS: DELAY, JOBS_POLL_SECONDS: '0.5' },
        { listen: true },
      )
    : undefined;
  const timedApp = timed
    ? await buildTestApp({
        SMTP_URL: smtp.url,
        MESSAGE_MAIL_DELAY_SECONDS: String(TIMED_DELAY),
        JOBS_POLL_SECONDS: '0.5',
      })
    : undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`this rig was built without ${what}`);
    return value;
  };

  /** The unread-message mails the peer holds for `email` (not the sign-up's). */
  const unreadMailsTo = (email: string) =>
    smtp.inbox.filter(
      (mail) =>
        mail.to.includes(email.toLowerCase()) && !subjectOf(mail.raw).startsWith(SIGN_UP_MAIL),
    );

  /**
   * Whether the person's unread-message jobs on `database` have run: one has finished, and none
   * is running or due within a minute (a job the controlled clock's app queues for ten minutes
   * later is not). A finished job has sent its mail: the peer holds it before the job is done.
   */
  async function jobsRan(database: DatabaseHandle, userId: string): Promise<boolean> {
    const rows = await selectRows<{ state: string; soon: boolean }>(
      database.db,
      sql`select state, start_after <= now() + interval '60 seconds' as soon from pgboss.job
          where name = ${UNREAD_MESSAGES_QUEUE} and data->>'userId' = ${userId}`,
    );
    const finished = rows.some((row) => row.state === 'completed');
    const pending = rows.some(
      (row) => row.state === 'active' || (['created', 'retry'].includes(row.state) && row.soon),
    );
    return finished && !pending;
  }

  /** The person's waiting unread-message jobs on the controlled clock, with when each is due. */
  async function waitingJobs(userId: string) {
    const rows = await selectRows<{ start_after: Date | string }>(
      need(timedApp, 'the timed app').database.db,
      sql`select start_after from pgboss.job
          where name = ${UNREAD_MESSAGES_QUEUE} and singleton_key = ${userId} and state = 'created'`,
    );
    return rows.map((row) => ({ startAfter: new Date(row.start_after) }));
  }

  return {
    smtp,
    /** The live app: mail after `DELAY` seconds. */
    get app() {
      return need(liveApp, 'the live app').app;
    },
    get url() {
      return need(liveApp, 'the live app').url;
    },
    /** The controlled clock's app: mail after `TIMED_DELAY` seconds, moved by the tests. */
    get timed() {
      return need(timedApp, 'the timed app');
    },
    unreadMailsTo,

    /**
     * The unread-message mails for `email`, after waiting `ms` for more to come: for a person
     * whose mail queues no job (turned off), so there is no job to wait for.
     */
    mailsTo: async (email: string, ms = 3_000): Promise<ReceivedMail[]> => {
      await sleep(ms);
      return unreadMailsTo(email);
    },

    /**
     * The unread-message mails for `user` once the jobs their messages queued have run (up to
     * 15 s for that, on the live app's database, the controlled clock's, or the one given).
     */
    mailsOnceRun: async (
      user: { id: string; email: string },
      database: DatabaseHandle = need(liveApp ?? timedApp, 'an app').database,
    ): Promise<ReceivedMail[]> => {
      await expect
        .poll(() => jobsRan(database, user.id), { timeout: 15_000, interval: 100 })
        .toBe(true);
      return unreadMailsTo(user.email);
    },

    /** Signs up through the mailed link read from the peer: only confirmed addresses are mailed. */
    signUpConfirmed: (application: FastifyInstance, overrides?: Record<string, unknown>) =>
      signUpThroughSmtp(application, smtp.inbox, overrides),

    /** The live app's mail settings of `user`, changed. */
    settle: async (user: SignedUp, payload: Record<string, unknown>) => {
      const response = await need(liveApp, 'the live app').app.inject({
        method: 'PATCH',
        url: '/api/v1/me/notifications',
        headers: user.headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
      return notificationSettingsSchema.parse(response.json());
    },

    /** Makes messages `seconds` older on the controlled clock, as if sent that long before. */
    age: async (messages: { id: string }[], seconds: number) => {
      for (const message of messages) {
        await need(timedApp, 'the timed app').database.db.execute(
          sql`update messages set created_at = created_at - make_interval(secs => ${seconds})
              where id = ${message.id}`,
        );
      }
    },

    waitingJobs,

    /**
     * The person's waiting job is due now, as it would be once its time has come. The job is
     * queued after the response, off the request's path, so this waits for it to be there first.
     */
    dueNow: async (userId: string) => {
      await expect
        .poll(async () => (await waitingJobs(userId)).length, { timeout: 15_000, interval: 50 })
        .toBeGreaterThan(0);
      await need(timedApp, 'the timed app').database.db.execute(
        sql`update pgboss.job set start_after = now()
            where name = ${UNREAD_MESSAGES_QUEUE} and singleton_key = ${userId} and state = 'created'`,
      );
    },

    /** Two apps on one database, one after the other or side by side, as processes would be. */
    appOn: (database: DatabaseHandle, env: Record<string, string>) =>
      buildAppOn(database, { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', ...env }),
  };
}
