import type {
  NotificationSettings,
  UnsubscribeQuery,
  UpdateNotificationSettingsBody,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { sameSignature, type MailLinkSigner } from '../../lib/mail-link-signer.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { MailRecipient, NotificationsRepository } from './notifications.repository.js';
import { renderUnreadMail } from './unread-mail.js';

export const UNREAD_MESSAGES_QUEUE = 'unread-messages';

/** How long an unsubscribe link works after its mail was sent (and until the password changes). */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** What a signed unsubscribe link still does: turn the mail off, or only say it has expired. */
export type UnsubscribeLink =
  | { live: true; settings: NotificationSettings }
  | { live: false; language: NotificationSettings['language'] };

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
  /** Signs the unsubscribe links (the mail links' one secret, `lib/mail-link-signer.ts`). */
  signer: MailLinkSigner;
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
  signer,
  openChats,
  log,
}: NotificationsServiceDependencies) {
  const sign = (text: string) => signer.sign(text);

  /**
   * The account's password as the links carry it: a fingerprint of its hash, so a password
   * change (or a reset, or the deletion) gives a new one and ends the links mailed before.
   */
  async function linkVersion(userId: string): Promise<string> {
    const passwordHash = (await repository.findPasswordHash(userId)) ?? '';
    return (await sign(`unsubscribe-version:${passwordHash}`)).slice(0, 11);
  }

  const signed = (user: string, issued: string, version: string) =>
    sign(`unsubscribe:${user}:${issued}:${version}`);

  /** The one-click link of a mail sent now: it works for UNSUBSCRIBE_LINK_DAYS. */
  async function unsubscribeUrl(userId: string): Promise<string> {
    const issued = String(Math.floor(Date.now() / 1000));
    const version = await linkVersion(userId);
    const url = new URL('/api/v1/notifications/unsubscribe', publicUrl);
    url.searchParams.set('user', userId);
    url.searchParams.set('issued', issued);
    url.searchParams.set('version', version);
    url.searchParams.set('token', await signed(userId, issued, version));
    return url.toString();
  }

  /**
   * Whether a link still works: one this server did not sign is a 404; a signed one is live
   * until UNSUBSCRIBE_LINK_DAYS after its mail and until the account's password changes. A link
   * mailed before links carried a time (signed over the user id alone) has expired.
   */
  async function checkLink({ user, issued, version, token }: UnsubscribeQuery): Promise<boolean> {
    const genuine =
      issued !== undefined && version !== undefined
        ? sameSignature(await signed(user, issued, version), token)
        : sameSignature(await sign(`unsubscribe:${user}`), token);
    if (!genuine) throw new AppError('NOT_FOUND', { key: 'errors:notifications.linkInvalid' });
    if (issued === undefined || version === undefined) return false;
    const ageMs = Date.now() - Number(issued) * 1000;
    if (ageMs > UNSUBSCRIBE_LINK_DAYS * 24 * 3_600_000) return false;
    return sameSignature(await linkVersion(user), version);
  }

  /** A signed link's answer: the settings while it works, else the language to say so in. */
  async function openLink(query: UnsubscribeQuery): Promise<UnsubscribeLink> {
    const live = await checkLink(query);
    const settings = await repository.findSettings(query.user);
    return live ? { live, settings } : { live, language: settings.language };
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
    // Only messages unread for the whole delay: this job may have been queued for an earlier
    // message (read since, or mailed) and reused by a newer one, which then waits its own turn.
    const { chats: unread, youngestSince } = await repository.findUnreadChats(
      userId,
      chatId,
      delaySeconds,
    );
    if (youngestSince) {
      const dueInMs = youngestSince.getTime() + delaySeconds * 1000 - Date.now();
      await jobs.send(
        UNREAD_MESSAGES_QUEUE,
        { userId, ...(chatId && { chatId }) },
        {
          singletonKey: singletonKey(userId, chatId),
          startAfterSeconds: Math.max(1, dueInMs / 1000),
        },
      );
    }
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

    /**
     * Checks a one-click link: whether it still works, and the language to ask (or to say it has
     * expired) in.
     */
    checkUnsubscribe: openLink,

    /**
     * One-click unsubscribe (RFC 8058): a live signed link turns the unread-message mail off; an
     * expired one changes nothing.
     */
    async unsubscribe(query: UnsubscribeQuery): Promise<UnsubscribeLink> {
      const link = await openLink(query);
      if (!link.live) return link;
      const next = { ...link.settings, messageMail: 'off' as const };
      await repository.upsertSettings(query.user, next);
      return { live: true, settings: next };
    },

    unsubscribeUrl,

    /**
     * A notice about the person's own business on the site (a deal's offer about to lapse, a
     * request that lapsed), mailed by the unread-message mail's rule (`findMailRecipient`: a
     * live account with a confirmed email whose mail is not off), in their language, with the
     * one-click link that turns these mails off. `render` writes it for the recipient; false when
     * nothing was sent.
     */
    async mailNotice(
      userId: string,
      kind: string,
      render: (
        recipient: MailRecipient,
        links: { unsubscribeUrl: string; accountUrl: string },
      ) => Omit<Mail, 'to' | 'headers' | 'kind'>,
    ): Promise<boolean> {
      const recipient = await repository.findMailRecipient(userId);
      if (!recipient) return false;
      const url = await unsubscribeUrl(userId);
      const mail = render(recipient, {
        unsubscribeUrl: url,
        accountUrl: new URL('/account', publicUrl).toString(),
      });
      await mailer.send({
        ...mail,
        to: recipient.email,
        kind,
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      log.info({ mail: kind }, 'notice mailed');
      return true;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
