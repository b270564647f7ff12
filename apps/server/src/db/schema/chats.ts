import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DealEvent } from '@maya/contracts';
import { users } from './users.js';

/** The one conversation between a buyer and a seller. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('chats_pair_key').on(table.buyerId, table.sellerId),
    index('chats_seller_idx').on(table.sellerId),
  ],
);

/** Each participant's own view of a chat: what they hid and what they have read. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set by "delete chat": the chat and the messages before this moment are hidden. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    lastReadMessageId: uuid('last_read_message_id'),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    index('chat_members_user_idx').on(table.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A deal's move (modules/deals) is a message too, written with the move in one transaction:
     * its deal and event (`body` is empty; readers draw the event). Null for a typed message.
     */
    dealId: uuid('deal_id'),
    dealEvent: jsonb('deal_event').$type<DealEvent>(),
    /**
     * Maya wrote it for the sender, a business she answers for (modules/negotiation): its words
     * say so ("Maya (AI) for …"), and it never counts as the business answering in person.
     */
    byAssistant: boolean('by_assistant').notNull().default(false),
  },
  (table) => [
    // A client retrying a send with the same id can never create a second message.
    unique('messages_sender_client_key').on(table.senderId, table.clientId),
    index('messages_chat_id_idx').on(table.chatId, table.id.desc()),
    check('messages_deal_event', sql`(${table.dealId} is null) = (${table.dealEvent} is null)`),
  ],
);

export type ChatRow = typeof chats.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
