import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { dealStates } from '@maya/contracts/deal-process';
import { currencies } from '@maya/contracts/service-units';
import { chats } from './chats.js';
import { services } from './services.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const statuses = Object.keys(dealStates) as [
  keyof typeof dealStates,
  ...(keyof typeof dealStates)[],
];
const parties = ['buyer', 'business'] as const;

/** What a buyer asked for, as sent: the request's words, dates, place and budget. */
export interface StoredQuoteRequest {
  need: string;
  when: { from: string; to: string };
  where: string;
  budget: { amount: number; currency: (typeof currencies)[number] } | null;
  sentAt: string;
  expiresAt: string;
}

/**
 * One negotiation between a buyer and a business in their chat, and the deal it may become
 * (packages/contracts/src/deals). `status` is the state as last written: the clock's moves (a
 * lapse, a deal completing by itself) are decided when read, from the instants kept here. Every
 * move locks the row (`for update`), so of two moves at once the second sees the first.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The business's service the request names; kept (null) if the service is deleted. */
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    status: text('status', { enum: statuses }).notNull(),
    request: jsonb('request').$type<StoredQuoteRequest>(),
    acceptedVersion: integer('accepted_version'),
    acceptedAt: at('accepted_at'),
    deliveredAt: at('delivered_at'),
    problemWindowEndsAt: at('problem_window_ends_at'),
    problemReason: text('problem_reason'),
    problemReportedAt: at('problem_reported_at'),
    cancelledBy: text('cancelled_by', { enum: parties }),
    cancelReason: text('cancel_reason'),
    cancelledAt: at('cancelled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('deals_buyer_updated_idx').on(table.buyerId, table.updatedAt.desc(), table.id.desc()),
    index('deals_seller_updated_idx').on(table.sellerId, table.updatedAt.desc(), table.id.desc()),
    index('deals_chat_idx').on(table.chatId),
  ],
);

/**
 * The versions of a negotiation's offer, numbered from 1: the business's offers and updates and
 * either side's counters. A trigger (migration 0025) refuses any UPDATE: a sent version never
 * changes.
 */
export const dealVersions = pgTable(
  'deal_versions',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    by: text('by', { enum: parties }).notNull(),
    title: text('title').notNull(),
    /** Minor units of `currency`, VAT included. */
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    included: text('included').notNull(),
    whenFrom: date('when_from', { mode: 'string' }).notNull(),
    whenTo: date('when_to', { mode: 'string' }).notNull(),
    sentAt: at('sent_at').notNull(),
    validUntil: at('valid_until').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.dealId, table.number] }),
    check('deal_versions_number_positive', sql`${table.number} > 0`),
    check('deal_versions_price_positive', sql`${table.priceAmount} > 0`),
    check('deal_versions_window', sql`${table.whenFrom} <= ${table.whenTo}`),
  ],
);

export type DealRow = typeof deals.$inferSelect;
export type DealVersionRow = typeof dealVersions.$inferSelect;
