import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  NotificationSettings,
  UnsubscribeQuery,
  UpdateNotificationSettingsBody,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { NotificationsRepository } from './notifications.repository.js';
import { renderUnreadMail } from './unread-mail.js';

export const UNREAD_MESSAGES_QUEUE = 'unread-messages';

interface UnreadMessagesJob {
  userId: string;
  /** Set in the "each" mode: the job mails about this chat only. */
  chatId?: string;
}

export interface NotificationsServiceDependencies {
  repository: NotificationsRepository;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  /** How long a message stays unread before it is mailed, and the least time between mails. */
  delaySeconds: number;
  /** MAIL_LINK_SECRET; unset, a secret is made once and kept in the database. */
  linkSecret: string | undefined;
  /** The chats the person has open on a visible page, in any process (realtime's presence). */
  openChats: (userId: string) => Promise<ReadonlySet<string>>;
  log: { info(details: Record<string, unknown>, message: string): void };
}

/**
 * Mail about unread messages: a message queues a delayed job for its recipient (one waiting job
 * per person, or per person and chat), and the job mails what is still unread when it runs.
 */
export function createNotificationsService({
  repository,
  jobs,
  mailer,
  publicUrl,
  delaySeconds,
  linkSecret,
  openChats,
  log,
}: NotificationsServiceDependencies) {
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= linkSecret
      ? Promise.resolve(linkSecret)
      : repository.serverSecret('mail-link', randomBytes(32).toString('base64url')));

  async function sign(userId: string): Promise<string> {
    return createHmac('sha256', await signingSecret())
      .update(`unsubscribe:${userId}`)
      .digest('base64url');
  }

  async function unsubscribeUrl(userId: string): Promise<string> {
    const url = new URL('/api/v1/notifications/unsubscribe', publicUrl);
    url.searchParams.set('user', userId);
    url.searchParams.set('token', await sign(userId));
    return url.toString();
  }

  async function requireSignature({ user, token }: UnsubscribeQuery): Promise<void> {
    const expected = Buffer.from(await sign(user));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
    }
  }

  /** Runs when a job is due: mails what is still unread, or waits out the window. */
  async function mailUnread({ userId, chatId }: UnreadMessagesJob): Promise<void> {
    const recipient = await repository.findMailRecipient(userId);
    if (!recipient) return;
    const last = await repository.lastMailedAt(userId, chatId);
    const waitMs = last ? last.getTime() + delaySeconds * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      await jobs.send(
        UNREAD_MESSAGES_QUEUE,
        { userId, ...(chatId && { chatId }) },
        { singletonKey: singletonKey(userId, chatId), startAfterSeconds: waitMs / 1000 },
      );
      return;
    }
    const unread = await repository.findUnreadChats(userId, chatId);
    if (unread.length === 0) return;
    // A chat open on a visible page shows its messages as they arrive: it is left out (and, in
    // the "each" mode, its mail skipped). The app merely open elsewhere suppresses nothing.
    const open = await openChats(userId);
    const chats = unread.filter((chat) => !open.has(chat.chatId));
    if (chats.length === 0) return;
    await mailer.send({
      ...renderUnreadMail({
        recipient,
        chats,
        publicUrl,
        unsubscribeUrl: await unsubscribeUrl(userId),
      }),
      kind: 'unread-messages',
    });
    await repository.markMailed(userId, chats, new Date());
    log.info(
      {
        mail: 'unread-messages',
        chats: chats.length,
        messages: chats.reduce((n, c) => n + c.unread, 0),
      },
      'unread-messages mail sent',
    );
  }

  const singletonKey = (userId: string, chatId: string | undefined) =>
    chatId ? `${userId}:${chatId}` : userId;

  return {
    /** Starts this process's worker on the queue. */
    async start(): Promise<void> {
      await jobs.define<UnreadMessagesJob>(
        UNREAD_MESSAGES_QUEUE,
        // Mail ten minutes late can wait a little more: a backlog of digests takes at most a
        // quarter of the process's time (on the embedded database every query runs on the event
        // loop), so chat delivery beside it stays prompt; the digest benchmark measures both.
        { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30, share: 0.25 },
        mailUnread,
      );
    },

    /** A message was stored for `recipientId`: their mail is due after the delay. */
    async messageSent({ chatId, recipientId }: { chatId: string; recipientId: string }) {
      const recipient = await repository.findMailRecipient(recipientId);
      if (!recipient) return;
      const perChat = recipient.messageMail === 'each' ? chatId : undefined;
      await jobs.send(
        UNREAD_MESSAGES_QUEUE,
        { userId: recipientId, ...(perChat && { chatId: perChat }) },
        { singletonKey: singletonKey(recipientId, perChat), startAfterSeconds: delaySeconds },
      );
    },

    async getSettings(actor: Actor): Promise<NotificationSettings> {
      return repository.findSettings(actor.userId);
    },

    async updateSettings(
      actor: Actor,
      input: UpdateNotificationSettingsBody,
    ): Promise<NotificationSettings> {
      const current = await repository.findSettings(actor.userId);
      const next = { ...current, ...input };
      await repository.upsertSettings(actor.userId, next);
      return next;
    },

    /** Checks a one-click link's signature; the answer tells which language to confirm in. */
    async checkUnsubscribe(query: UnsubscribeQuery): Promise<NotificationSettings> {
      await requireSignature(query);
      return repository.findSettings(query.user);
    },

    /** One-click unsubscribe (RFC 8058): the signed link turns the unread-message mail off. */
    async unsubscribe(query: UnsubscribeQuery): Promise<NotificationSettings> {
      await requireSignature(query);
      const next = { ...(await repository.findSettings(query.user)), messageMail: 'off' as const };
      await repository.upsertSettings(query.user, next);
      return next;
    },

    unsubscribeUrl,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
