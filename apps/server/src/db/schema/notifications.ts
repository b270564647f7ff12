import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { sessions } from './sessions.js';
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
  /**
   * The language of the mails and notifications, from the web app's language when the settings
   * were saved (or the sign-up's): en, pt-PT, pt-BR, or pt (the web's Portuguese, read as pt-BR).
   */
  language: text('language', { enum: ['en', 'pt', 'pt-PT', 'pt-BR'] })
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

/**
 * A browser's web push subscription (the Push API's endpoint and keys), held for its owner. The
 * endpoint is the push service's address for that browser: unique, so a browser that changes
 * hands belongs to its last owner. `endpoint_key` (SHA-256 of the endpoint, base64url) names it in
 * URLs, so the endpoint itself never appears in a URL or a log.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that saved it: when that session ends (sign-out, expiry, a password change or
     * reset, the account's deletion), the subscription goes with it, so a signed-out device is
     * told nothing more. Null for a subscription saved before subscriptions named their session.
     */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    endpointKey: text('endpoint_key').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Failed deliveries in a row (a push service answering 404 or 410 turns it off instead). */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    /**
     * When deliveries stopped: the push service said the subscription is gone, or its address is
     * no longer allowed. The owner still sees the subscription; saving it again turns it on.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId, table.createdAt),
    index('push_subscriptions_session_idx').on(table.sessionId),
  ],
);
