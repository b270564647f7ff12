import type { MailLanguage, MessageMail, NotificationSettings } from '@maya/contracts';
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  blockedBetween,
  chatMembers,
  messages,
  notificationSettings,
  serverSecrets,
  unreadMailMarks,
  users,
} from '../../db/schema/index.js';

export const DEFAULT_SETTINGS: NotificationSettings = {
  messageMail: 'digest',
  messageText: true,
  language: 'en',
};

/** Who may be mailed about unread messages, with how they want it. */
export interface MailRecipient {
  id: string;
  email: string;
  firstName: string;
  messageMail: Exclude<MessageMail, 'off'>;
  messageText: boolean;
  language: MailLanguage;
}

/** One chat's unread messages not mailed yet, newest first. */
export interface UnreadChat {
  chatId: string;
  partnerFirstName: string;
  partnerLastName: string;
  unread: number;
  lastMessageId: string;
  /** The newest three bodies, newest first. */
  latest: string[];
}

/** What a digest may cover now, and when the messages too young for it will be due. */
export interface UnreadNow {
  /** The chats with messages unread for the whole delay (those messages only). */
  chats: UnreadChat[];
  /** When the oldest message still too young was sent, if there is one. */
  youngestSince: Date | undefined;
}

export function createNotificationsRepository(db: Database) {
  return {
    async findSettings(userId: string): Promise<NotificationSettings> {
      const [row] = await db
        .select({
          messageMail: notificationSettings.messageMail,
          messageText: notificationSettings.messageText,
          language: notificationSettings.language,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row ?? DEFAULT_SETTINGS;
    },

    async upsertSettings(userId: string, settings: NotificationSettings): Promise<void> {
      await db
        .insert(notificationSettings)
        .values({ userId, ...settings, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { ...settings, updatedAt: new Date() },
        });
    },

    /**
     * THE eligibility rule for unread-message mail, in one place: a live account (not deleted)
     * whose email is confirmed (`users.email_verified_at`) and whose setting is not `off`.
     */
    async findMailRecipient(userId: string): Promise<MailRecipient | undefined> {
      const [row] = await selectRows<{
        id: string;
        email: string;
        first_name: string;
        message_mail: MessageMail | null;
        message_text: boolean | null;
        language: MailLanguage | null;
      }>(
        db,
        sql`select u.id, u.email, u.first_name, s.message_mail, s.message_text, s.language
            from ${users} u
            left join ${notificationSettings} s on s.user_id = u.id
            where u.id = ${userId}
              and u.deleted_at is null
              and u.email_verified_at is not null
              and coalesce(s.message_mail, 'digest') <> 'off'`,
      );
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        messageMail: (row.message_mail ?? DEFAULT_SETTINGS.messageMail) as 'digest' | 'each',
        messageText: row.message_text ?? DEFAULT_SETTINGS.messageText,
        language: row.language ?? DEFAULT_SETTINGS.language,
      };
    },

    /** When this person was last mailed about the chat, or about any chat without one. */
    async lastMailedAt(userId: string, chatId?: string): Promise<Date | undefined> {
      const [row] = await selectRows<{ at: Date | string | null }>(
        db,
        sql`select max(mailed_at) as at from ${unreadMailMarks}
            where user_id = ${userId} ${chatId ? sql`and chat_id = ${chatId}` : sql``}`,
      );
      return row?.at ? new Date(row.at) : undefined;
    },

    /**
     * The member's chats (or the one chat) with messages from the partner that are neither read,
     * hidden, nor mailed before, and were sent at least `minAgeSeconds` ago (by the database's
     * clock, which stamped them), newest chat first; and when the oldest such message still too
     * young was sent. One query.
     */
    async findUnreadChats(
      userId: string,
      chatId: string | undefined,
      minAgeSeconds: number,
    ): Promise<UnreadNow> {
      const aged = sql`x.created_at <= now() - make_interval(secs => ${minAgeSeconds})`;
      const rows = await selectRows<{
        chat_id: string;
        first_name: string;
        last_name: string;
        unread: number;
        last_message_id: string | null;
        latest: string[] | null;
        young_since: Date | string | null;
      }>(
        db,
        sql`select m.chat_id, pu.first_name, pu.last_name,
                   count(*) filter (where ${aged})::int as unread,
                   (array_agg(x.id order by x.id desc) filter (where ${aged}))[1] as last_message_id,
                   -- A deal's move has no words to quote (the chat draws it): it counts, unquoted.
                   (array_agg(x.body order by x.id desc)
                     filter (where ${aged} and x.deal_id is null))[1:3] as latest,
                   min(x.created_at) filter (where not (${aged})) as young_since
            from ${chatMembers} m
            join ${chatMembers} pm on pm.chat_id = m.chat_id and pm.user_id <> m.user_id
            join ${users} pu on pu.id = pm.user_id
            left join ${unreadMailMarks} k on k.user_id = m.user_id and k.chat_id = m.chat_id
            join ${messages} x on x.chat_id = m.chat_id and x.sender_id <> m.user_id
              and (m.last_read_message_id is null or x.id > m.last_read_message_id)
              and (m.hidden_at is null or x.created_at > m.hidden_at)
              and (k.mailed_through_message_id is null or x.id > k.mailed_through_message_id)
            where m.user_id = ${userId} ${chatId ? sql`and m.chat_id = ${chatId}` : sql``}
              and not ${blockedBetween(sql`m.user_id`, sql`pm.user_id`)}
            group by m.chat_id, pu.first_name, pu.last_name
            order by max(x.created_at) desc`,
      );
      const young = rows
        .map((row) => row.young_since)
        .filter((at): at is Date | string => at !== null)
        .map((at) => new Date(at))
        .sort((a, b) => a.getTime() - b.getTime());
      return {
        chats: rows
          .filter((row) => Number(row.unread) > 0 && row.last_message_id)
          .map((row) => ({
            chatId: row.chat_id,
            partnerFirstName: row.first_name,
            partnerLastName: row.last_name,
            unread: Number(row.unread),
            lastMessageId: row.last_message_id!,
            latest: row.latest ?? [],
          })),
        youngestSince: young[0],
      };
    },

    /** Records that these chats were mailed up to their newest unread message. */
    async markMailed(userId: string, mailed: UnreadChat[], at: Date): Promise<void> {
      if (mailed.length === 0) return;
      await db
        .insert(unreadMailMarks)
        .values(
          mailed.map((chat) => ({
            userId,
            chatId: chat.chatId,
            mailedThroughMessageId: chat.lastMessageId,
            mailedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [unreadMailMarks.userId, unreadMailMarks.chatId],
          set: {
            mailedThroughMessageId: sql`excluded.mailed_through_message_id`,
            mailedAt: sql`excluded.mailed_at`,
          },
        });
    },

    /**
     * The account's password hash, which the unsubscribe links are bound to (a password change
     * ends them); undefined for no such account.
     */
    async findPasswordHash(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      return row?.passwordHash;
    },

    /** A secret shared by every process on this database, made by the first that asks. */
    async serverSecret(name: string, candidate: string): Promise<string> {
      await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name));
      return row?.value ?? candidate;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
