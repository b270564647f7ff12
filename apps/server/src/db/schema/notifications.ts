import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { users } from './users.js';

/** How a person hears by mail about messages they have not read; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** off, one digest of every chat per delay window, or a mail per chat at most once a window. */
  messageMail: text('message_mail', { enum: ['off', 'digest', 'each'] })
    .notNull()
    .default('digest'),
  /** Whether the mail quotes the latest lines; false leaves every message body out. */
  messageText: boolean('message_text').notNull().default(true),
  /** The language of the mails, from the web app's language when the settings were saved. */
  language: text('language', { enum: ['en', 'pt'] })
    .notNull()
    .default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What has been mailed to a member of a chat: the newest message mailed and when, so a message
 * is mailed once and a person at most once per delay window.
 */
export const unreadMailMarks = pgTable(
  'unread_mail_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    mailedThroughMessageId: uuid('mailed_through_message_id').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.chatId] })],
);

/** Secrets the server makes for itself when the configuration names none (shared by processes). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
